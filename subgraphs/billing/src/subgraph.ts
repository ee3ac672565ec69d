import type { PrismaClient } from '@dataplat/db';
import { defineSubgraph, SCHEMA_ONLY } from '@dataplat/kit';
import { buildBillingSchema } from './billing';
import { startBilling } from './server';
import { billingSettings } from './settings';
import { BillingError } from './errors';
import { BILLING_PERMISSIONS } from './permissions';

/** The billing subgraph: plans, metering, invoices, budgets (docs/billing-service.md). */
export const billingSubgraph = defineSubgraph<PrismaClient, typeof billingSettings>({
  name: 'billing',
  defaultPort: 8087,
  peers: { tenant: "where tenants' plans are read" },
  settings: billingSettings,
  databaseSchemas: ['billing'],
  permissions: BILLING_PERMISSIONS,
  errors: BillingError,
  start: (ctx) => startBilling({ ...ctx, tenantUrl: ctx.peerUrl('tenant') }),
  buildSchema: (config) => buildBillingSchema({ db: SCHEMA_ONLY, config, tenants: SCHEMA_ONLY }),
});
