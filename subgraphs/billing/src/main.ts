#!/usr/bin/env node
// The billing subgraph as its own process (distributed mode): DATABASE_URL and TENANT_URL
// (the tenant subgraph, where tenants' plans are read) required; listens on
// HOST:BILLING_PORT (8087). Metering is serialised per tenant and period by PostgreSQL
// advisory locks, so any number of replicas may run together.
import { runSubgraphMain } from '@dataplat/db';
import { requireSetting } from '@dataplat/kit';
import { startBilling } from './server';

runSubgraphMain('billing', ({ db, config, logger }) => {
  const tenantUrl = requireSetting(config.TENANT_URL, 'TENANT_URL', 'to run the billing subgraph on its own (the tenant subgraph, e.g. http://tenant:8082/graphql)');
  return startBilling({ db, config, logger, tenantUrl });
});
