#!/usr/bin/env node
// The tenant subgraph as its own process (distributed mode): DATABASE_URL and IDENTITY_URL
// (the identity subgraph, where first administrators are created) required; listens on
// HOST:TENANT_PORT (8082). Migrations are idempotent and locked, so any number
// of replicas may start together.
import { runSubgraphMain } from '@dataplat/db';
import { requireSetting } from '@dataplat/kit';
import { startTenant } from './server';

runSubgraphMain('tenant', ({ db, changes, config, logger }) => {
  const identityUrl = requireSetting(config.IDENTITY_URL, 'IDENTITY_URL', 'to run the tenant subgraph on its own (the identity subgraph, e.g. http://identity:8081/graphql)');
  return startTenant({ db, changes, config, logger, identityUrl });
});
