#!/usr/bin/env node
// The billing subgraph as its own process (distributed mode): DATABASE_URL and TENANT_URL
// (the tenant subgraph, where tenants' plans are read) required; listens on
// HOST:BILLING_PORT (8087). Metering is serialised per tenant and period by PostgreSQL
// advisory locks, so any number of replicas may run together.
import { createPrismaClient, runMigrations } from '@dataplat/db';
import { requireSetting, runMain } from '@dataplat/kit';
import { startBilling } from './server';

runMain('billing', async (config, logger) => {
  const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'to run the billing subgraph on its own');
  const tenantUrl = requireSetting(config.TENANT_URL, 'TENANT_URL', 'to run the billing subgraph on its own (the tenant subgraph, e.g. http://tenant:8082/graphql)');
  await runMigrations(url);
  const db = createPrismaClient(url);
  const server = await startBilling({ db, config, logger, tenantUrl });
  logger.info({ url: server.url }, 'billing subgraph ready');
  return async () => {
    await server.close();
    await db.$disconnect();
  };
});
