import { join } from 'node:path';
import { createPrismaClient, runMigrations, startEmbeddedPostgres, type EmbeddedDatabase, type PrismaClient } from '@dataplat/db';
import { Authenticator, createGateway } from '@dataplat/gateway';
import { bootstrapIdentity, startIdentity } from '@dataplat/identity';
import { createRateLimitStore, PrincipalCodec, RateLimiter, tokenServiceFromConfig, type Logger, type PlatformConfig } from '@dataplat/kit';
import { createEdgeServer, IdempotencyStore } from '@dataplat/rest-facade';

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
 * DATABASE_URL), migrations, seed, every subgraph, the gateway and the REST facade.
 * Whatever started is stopped again, in reverse order, on stop() or on a failed start.
 */
export async function startPlatform(config: PlatformConfig, logger: Logger): Promise<RunningPlatform> {
  const stack: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    while (stack.length) {
      const step = stack.pop()!;
      await step().catch((e) => logger.error({ err: e }, 'error during shutdown'));
    }
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const pgLog = logger.child({ component: 'postgres' });
      const embedded: EmbeddedDatabase = await startEmbeddedPostgres(join(config.DATA_DIR, 'postgres'), config.EMBEDDED_PG_PORT, (l) => pgLog.debug(l));
      stack.push(() => embedded.stop());
      databaseUrl = embedded.url;
      logger.info({ port: embedded.port }, 'embedded PostgreSQL started');
    }
    const migrations = await runMigrations(databaseUrl);
    logger.info({ applied: migrations.applied, alreadyApplied: migrations.alreadyApplied }, 'database migrated');

    const db: PrismaClient = createPrismaClient(databaseUrl);
    stack.push(() => db.$disconnect());
    const seeded = await bootstrapIdentity(db, config);
    if (seeded.adminCreated) logger.info({ email: config.PLATFORM_ADMIN_EMAIL }, 'bootstrap platform admin created');

    // In one process the subgraphs are internal: loopback only, on any free port unless set.
    const identity = await startIdentity({ db, config: { ...config, HOST: '127.0.0.1' }, logger: logger.child({ subgraph: 'identity' }) });
    stack.push(() => identity.close());

    const principals = await PrincipalCodec.create(config.JWT_SECRET);
    const gateway = await createGateway({ subgraphs: [{ name: 'identity', url: identity.url }], principals, logger: logger.child({ component: 'gateway' }) });
    stack.push(() => gateway.stop());

    const store = createRateLimitStore(config.REDIS_URL);
    stack.push(() => store.close());
    const idempotency = new IdempotencyStore(db, config.IDEMPOTENCY_TTL);
    const purge = setInterval(() => idempotency.purgeExpired().catch((e) => logger.warn({ err: e }, 'idempotency purge failed')), 3_600_000);
    purge.unref();
    stack.push(async () => clearInterval(purge));

    const edge = await createEdgeServer({
      gateway,
      authenticator: new Authenticator(await tokenServiceFromConfig(config)),
      rateLimiter: new RateLimiter(store),
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      idempotency,
      logger,
    });
    await edge.listen({ host: config.HOST, port: config.PORT });
    stack.push(() => edge.close());
    const address = edge.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = `http://127.0.0.1:${port}`;
    logger.info({ url, subgraphs: { identity: identity.url } }, 'platform ready');
    return { url, databaseUrl, generatedAdminPassword: seeded.generatedAdminPassword, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
