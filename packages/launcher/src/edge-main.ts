#!/usr/bin/env node
// The public edge as its own process (distributed mode): gateway + REST facade on
// HOST:PORT, composing the subgraphs at IDENTITY_URL; DATABASE_URL for idempotency
// records, REDIS_URL for rate limits shared by every edge replica.
import { createPrismaClient, runMigrations } from '@dataplat/db';
import { requireSetting, runMain } from '@dataplat/kit';
import { startEdge } from './edge';

runMain('edge', async (config, logger) => {
  const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'to run the edge on its own');
  const identityUrl = requireSetting(config.IDENTITY_URL, 'IDENTITY_URL', 'to run the edge on its own (the identity subgraph, e.g. http://identity:8081/graphql)');
  await runMigrations(url);
  const db = createPrismaClient(url);
  const edge = await startEdge(config, logger, db, [{ name: 'identity', url: identityUrl }]);
  logger.info({ url: edge.url }, 'edge ready');
  return async () => {
    await edge.stop();
    await db.$disconnect();
  };
});
