#!/usr/bin/env node
// The audit subgraph as its own process (distributed mode): DATABASE_URL and IDENTITY_URL required, listens on
// HOST:AUDIT_PORT (8086) and runs the chainer, the report worker and the retention purge. They
// claim rows with FOR UPDATE SKIP LOCKED and lock chain heads, so any number of replicas may run.
import { runSubgraphMain } from '@dataplat/db';
import { requireSetting } from '@dataplat/kit';
import { startAudit } from './server';

runSubgraphMain('audit', ({ db, changes, config, logger }) => {
  const identityUrl = requireSetting(config.IDENTITY_URL, 'IDENTITY_URL', 'to run the audit subgraph on its own (the identity subgraph, for the tenants of failed logins, e.g. http://identity:8081/graphql)');
  return startAudit({ db, changes, config, logger, identityUrl });
});
