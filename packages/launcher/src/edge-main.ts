#!/usr/bin/env node
// The public edge as its own process (distributed mode): gateway + REST facade on
// HOST:PORT, composing every subgraph of the registry at its URL setting (<NAME>_URL, see
// ./registry.ts); DATABASE_URL for idempotency records, REDIS_URL for rate limits shared by
// every edge replica.
import { createPrismaClient, runMigrations } from '@dataplat/db';
import { PgWakeChannel, requireSetting, runMain } from '@dataplat/kit';
import { startEdge } from './edge';
import { SUBGRAPH_SETTINGS } from './registry';
import { remoteSubgraphs } from './subgraphs';

runMain('edge', async (config, logger) => {
  const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'to run the edge on its own');
  const subgraphs = remoteSubgraphs(config);
  await runMigrations(url);
  const db = createPrismaClient(url);
  const changes = await PgWakeChannel.open(url, { logger, applicationName: 'dataplat-edge-listener' });
  const edge = await startEdge(config, logger, db, subgraphs, changes);
  logger.info({ url: edge.url }, 'edge ready');
  return async () => {
    await edge.stop();
    await changes.close();
    await db.$disconnect();
  };
}, SUBGRAPH_SETTINGS);
