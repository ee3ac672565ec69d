import { join } from 'node:path';
import { createPrismaClient, runMigrations, startEmbeddedPostgres, type PrismaClient } from '@dataplat/db';
import { PgWakeChannel, type Logger, type PlatformConfig } from '@dataplat/kit';
import { startEdge } from './edge';
import { seedSubgraphs, startSubgraphs } from './subgraphs';

export interface RunningPlatform {
  /** Public base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  databaseUrl: string;
  /** Set on the first start when the bootstrap admin got a generated password. */
  generatedAdminPassword?: string;
  stop(): Promise<void>;
}

/**
 * Boots the whole platform in one process: database (embedded PostgreSQL unless
 * DATABASE_URL), migrations, the subgraphs' seeds, every subgraph of the registry, the
 * gateway and the REST facade. Whatever started is stopped again, in reverse order, on stop() or on a failed start.
 */
export async function startPlatform(config: PlatformConfig, logger: Logger): Promise<RunningPlatform> {
  const stack: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    while (stack.length) await stack.pop()!().catch((e) => logger.error({ err: e }, 'error during shutdown'));
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const pgLog = logger.child({ component: 'postgres' });
      const embedded = await startEmbeddedPostgres(join(config.DATA_DIR, 'postgres'), config.EMBEDDED_PG_PORT, (l) => pgLog.debug(l), {
        notice: (l) => pgLog.info(l),
      });
      stack.push(() => embedded.stop());
      databaseUrl = embedded.url;
      logger.info({ port: embedded.port, dataDir: embedded.dataDir }, 'embedded PostgreSQL started');
    }
    const migrations = await runMigrations(databaseUrl);
    logger.info({ applied: migrations.applied, alreadyApplied: migrations.alreadyApplied }, 'database migrated');

    const db: PrismaClient = createPrismaClient(databaseUrl);
    stack.push(() => db.$disconnect());
    // The process's one LISTEN connection: background loops wake on it, the edge's caches hear changes on it.
    const changes = await PgWakeChannel.open(databaseUrl, { logger: logger.child({ component: 'change-channel' }), applicationName: 'dataplat-listener' });
    stack.push(() => changes.close());
    const seeded = await seedSubgraphs(db, config, logger);

    // In one process the subgraphs are internal: loopback only, each on its port setting (0: any free port).
    const subgraphs = await startSubgraphs(db, changes, config, logger, stack);

    const edge = await startEdge(config, logger, db, subgraphs, changes);
    stack.push(() => edge.stop());
    logger.info({ url: edge.url, subgraphs: Object.fromEntries(subgraphs.map((s) => [s.name, s.url])) }, 'platform ready');
    return { url: edge.url, databaseUrl, generatedAdminPassword: seeded.generatedAdminPassword, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
