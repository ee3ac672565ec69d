import { setting, type SubgraphConfig } from '@dataplat/kit';

export const billingSettings = {
  BILLING_INVOICE_INTERVAL: setting
    .duration('1h')
    .describe('How often the billing subgraph drafts the invoices of the last closed month that do not exist yet (docs/billing-service.md).'),
};

export type BillingConfig = SubgraphConfig<typeof billingSettings>;
