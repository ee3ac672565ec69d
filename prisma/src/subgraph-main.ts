import { requireSetting, runMain, type Logger, type PlatformConfig, type RunningSubgraph } from '@dataplat/kit';
import type { PrismaClient } from './generated/client';
import { createPrismaClient } from './client';
import { runMigrations } from './migrate';

export interface SubgraphProcess {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
}

/**
 * The `main` of a subgraph running as its own process (distributed mode): DATABASE_URL is
 * required, migrations run first (locked, so replicas may start together), then `start`; the
 * server and the database connection close on SIGINT/SIGTERM. `start` reads the other
 * settings it needs (e.g. another subgraph's URL) with requireSetting.
 */
export function runSubgraphMain(name: string, start: (process: SubgraphProcess) => Promise<RunningSubgraph>): void {
  runMain(name, async (config, logger) => {
    const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', `to run the ${name} subgraph on its own`);
    await runMigrations(url);
    const db = createPrismaClient(url);
    const server = await start({ db, config, logger });
    logger.info({ url: server.url }, `${name} subgraph ready`);
    return async () => {
      await server.close();
      await db.$disconnect();
    };
  });
}
