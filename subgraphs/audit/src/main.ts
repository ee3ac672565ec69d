#!/usr/bin/env node
// The audit subgraph as its own process (distributed mode): DATABASE_URL required, listens on
// HOST:AUDIT_PORT (8086) and runs the chainer, the report worker and the retention purge. They
// claim rows with FOR UPDATE SKIP LOCKED and lock chain heads, so any number of replicas may run.
import { createPrismaClient, runMigrations } from '@dataplat/db';
import { requireSetting, runMain } from '@dataplat/kit';
import { startAudit } from './server';

runMain('audit', async (config, logger) => {
  const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'to run the audit subgraph on its own');
  await runMigrations(url);
  const db = createPrismaClient(url);
  const server = await startAudit({ db, config, logger });
  logger.info({ url: server.url }, 'audit subgraph ready');
  return async () => {
    await server.close();
    await db.$disconnect();
  };
});
