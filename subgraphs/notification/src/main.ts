#!/usr/bin/env node
// The notification subgraph as its own process (distributed mode): DATABASE_URL required,
// listens on HOST:NOTIFICATION_PORT (8085) and runs a delivery dispatcher. Dispatchers claim
// outbox rows with FOR UPDATE SKIP LOCKED, so any number of replicas may run together.
import { createPrismaClient, runMigrations } from '@dataplat/db';
import { requireSetting, runMain } from '@dataplat/kit';
import { startNotification } from './server';

runMain('notification', async (config, logger) => {
  const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'to run the notification subgraph on its own');
  await runMigrations(url);
  const db = createPrismaClient(url);
  const server = await startNotification({ db, config, logger });
  logger.info({ url: server.url }, 'notification subgraph ready');
  return async () => {
    await server.close();
    await db.$disconnect();
  };
});
