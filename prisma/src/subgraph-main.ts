import { PgWakeChannel, requireSetting, runMain, type Logger, type PlatformConfig, type RunningSubgraph, type WakeChannel } from '@dataplat/kit';
import type { PrismaClient } from './generated/client';
import { createPrismaClient } from './client';
import { runMigrations } from './migrate';

export interface SubgraphProcess {
  db: PrismaClient;
  /** The process's change channel (its one LISTEN connection): background loops wake on it. */
  changes: WakeChannel;
  config: PlatformConfig;
  logger: Logger;
}

/**
 * The `main` of a subgraph running as its own process (distributed mode): DATABASE_URL is
 * required, migrations run first (locked, so replicas may start together), then `start`, given
 * the database client and the change channel (one LISTEN connection); they close with the
 * server on SIGINT/SIGTERM. `start` reads the other
 * settings it needs (e.g. another subgraph's URL) with requireSetting.
 */
export function runSubgraphMain(name: string, start: (process: SubgraphProcess) => Promise<RunningSubgraph>): void {
  runMain(name, async (config, logger) => {
    const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', `to run the ${name} subgraph on its own`);
    await runMigrations(url);
    const db = createPrismaClient(url);
    const changes = await PgWakeChannel.open(url, { logger, applicationName: `dataplat-${name}-listener` });
    const server = await start({ db, changes, config, logger });
    logger.info({ url: server.url }, `${name} subgraph ready`);
    return async () => {
      await server.close();
      await changes.close();
      await db.$disconnect();
    };
  });
}
