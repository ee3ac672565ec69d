#!/usr/bin/env node
// The identity subgraph as its own process (distributed mode): DATABASE_URL and TENANT_URL required,
// listens on HOST:IDENTITY_PORT (8081). Migrations and the seed are idempotent and locked,
// so any number of replicas may start together.
import { createPrismaClient, runMigrations } from '@dataplat/db';
import { requireSetting, runMain } from '@dataplat/kit';
import { bootstrapIdentity } from './bootstrap';
import { startIdentity } from './server';

runMain('identity', async (config, logger) => {
  const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'to run the identity subgraph on its own');
  await runMigrations(url);
  const db = createPrismaClient(url);
  const seeded = await bootstrapIdentity(db, config);
  if (seeded.generatedAdminPassword) {
    process.stdout.write(`\n  Bootstrap platform admin created: ${config.PLATFORM_ADMIN_EMAIL} / ${seeded.generatedAdminPassword}\n  (shown only this once)\n\n`);
  }
  const tenantUrl = requireSetting(config.TENANT_URL, 'TENANT_URL', 'to run the identity subgraph on its own (the tenant subgraph, for logins by tenant slug and suspension, e.g. http://tenant:8082/graphql)');
  const server = await startIdentity({ db, config, logger, tenantUrl });
  logger.info({ url: server.url }, 'identity subgraph ready');
  return async () => {
    await server.close();
    await db.$disconnect();
  };
});
