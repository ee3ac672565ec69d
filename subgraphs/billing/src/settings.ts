import { setting, type SubgraphConfig } from '@dataplat/kit';

export const billingSettings = {
  BILLING_INVOICE_INTERVAL: setting
    .duration('1h')
    .describe("Safety net of the billing subgraph's drafting of the last closed month's missing invoices: it drafts at start-up and when a month closes, and at least this often (docs/billing-service.md)."),
};

export type BillingConfig = SubgraphConfig<typeof billingSettings>;
