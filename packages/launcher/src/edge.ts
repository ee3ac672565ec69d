import type { PrismaClient } from '@dataplat/db';
import { Authenticator, createGateway, trustProxyOption, type SubgraphEndpoint } from '@dataplat/gateway';
import { createRateLimitStore, PrincipalCodec, RateLimiter, tokenServiceFromConfig, type Logger, type PlatformConfig } from '@dataplat/kit';
import { createEdgeServer, IdempotencyStore } from '@dataplat/rest-facade';

export interface RunningEdge {
  url: string;
  stop(): Promise<void>;
}

/**
 * The public edge: gateway composed from `subgraphs`, REST facade, rate limits and
 * idempotency, listening on HOST:PORT. Stops what it started, in reverse order.
 */
export async function startEdge(config: PlatformConfig, logger: Logger, db: PrismaClient, subgraphs: SubgraphEndpoint[]): Promise<RunningEdge> {
  const stack: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    while (stack.length) await stack.pop()!().catch((e) => logger.error({ err: e }, 'error during shutdown'));
  };
  try {
    const principals = await PrincipalCodec.create(config.JWT_SECRET);
    const gateway = await createGateway({ subgraphs, principals, logger: logger.child({ component: 'gateway' }) });
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
      trustProxy: trustProxyOption(config.TRUST_PROXY),
      databaseReady: async () => {
        await db.$queryRaw`SELECT 1`;
      },
    });
    await edge.listen({ host: config.HOST, port: config.PORT });
    stack.push(() => edge.close());
    const address = edge.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    return { url: `http://127.0.0.1:${port}`, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
