#!/usr/bin/env node
// The tenant subgraph as its own process (distributed mode): DATABASE_URL and IDENTITY_URL
// (the identity subgraph, where first administrators are created) required; listens on
// HOST:TENANT_PORT (8082). Migrations are idempotent and locked, so any number
// of replicas may start together.
import { createPrismaClient, runMigrations } from '@dataplat/db';
import { requireSetting, runMain } from '@dataplat/kit';
import { startTenant } from './server';

runMain('tenant', async (config, logger) => {
  const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'to run the tenant subgraph on its own');
  const identityUrl = requireSetting(config.IDENTITY_URL, 'IDENTITY_URL', 'to run the tenant subgraph on its own (the identity subgraph, e.g. http://identity:8081/graphql)');
  await runMigrations(url);
  const db = createPrismaClient(url);
  const server = await startTenant({ db, config, logger, identityUrl });
  logger.info({ url: server.url }, 'tenant subgraph ready');
  return async () => {
    await server.close();
    await db.$disconnect();
  };
});
