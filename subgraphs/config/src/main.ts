#!/usr/bin/env node
// The configuration subgraph as its own process (distributed mode): DATABASE_URL required,
// listens on HOST:CONFIG_PORT (8888). Migrations are idempotent and locked, so any number
// of replicas may start together.
import { createPrismaClient, runMigrations } from '@dataplat/db';
import { requireSetting, runMain } from '@dataplat/kit';
import { startConfig } from './server';

runMain('config', async (config, logger) => {
  const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'to run the configuration subgraph on its own');
  await runMigrations(url);
  const db = createPrismaClient(url);
  const server = await startConfig({ db, config, logger });
  logger.info({ url: server.url }, 'config subgraph ready');
  return async () => {
    await server.close();
    await db.$disconnect();
  };
});
