export { buildBillingSchema } from './billing';
export type { BillingDeps } from './core';
export { startBilling, type BillingServerOptions } from './server';
export { ZERO_TAX, type TaxPolicy } from './plans/pricing';
export { billingSubgraph } from './subgraph';
export { billingSettings, type BillingConfig } from './settings';
export { BillingError } from './errors';
