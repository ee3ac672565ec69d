#!/usr/bin/env node
// The identity subgraph as its own process (distributed mode): DATABASE_URL and TENANT_URL required,
// listens on HOST:IDENTITY_PORT (8081). Migrations and the seed are idempotent and locked,
// so any number of replicas may start together.
import { runSubgraphMain } from '@dataplat/db';
import { requireSetting } from '@dataplat/kit';
import { bootstrapIdentity } from './bootstrap';
import { startIdentity } from './server';

runSubgraphMain('identity', async ({ db, config, logger }) => {
  const tenantUrl = requireSetting(config.TENANT_URL, 'TENANT_URL', 'to run the identity subgraph on its own (the tenant subgraph, for logins by tenant slug and suspension, e.g. http://tenant:8082/graphql)');
  const seeded = await bootstrapIdentity(db, config);
  if (seeded.generatedAdminPassword) {
    process.stdout.write(`\n  Bootstrap platform admin created: ${config.PLATFORM_ADMIN_EMAIL} / ${seeded.generatedAdminPassword}\n  (shown only this once)\n\n`);
  }
  return startIdentity({ db, config, logger, tenantUrl });
});
