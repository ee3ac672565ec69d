import { randomUUID } from 'node:crypto';
import { checkReadiness, registerEdgeAuth, registerGraphQL, type AuditIntakeStats, type Authenticator, type Gateway, type TenantRateLimits } from '@dataplat/gateway';
import { DomainError, ErrorCode, isPlatformAdmin, type Logger, type RateLimiter } from '@dataplat/kit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { pathOf, renderDomainError, sendRendered } from './envelope';
import { registerBodyParsers, renderError } from './formats';
import { InProcessExecutor } from './executor';
import { registerFacade } from './facade';
import type { IdempotencyStore } from './idempotency';
import { buildOpenApi } from './openapi';
import { compileRoutes } from './route-table';
import { rateLimitBucket } from './rate-limit-bucket';
import { ROUTES } from './routes';
import { applyTenantRateLimit } from './tenant-rate-limit';

export interface EdgeOptions {
  gateway: Gateway;
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  rateLimitPerMinute: number;
  idempotency: IdempotencyStore;
  logger: Logger;
  /** Throws when the database cannot be reached (for /readyz). */
  databaseReady: () => Promise<void>;
  /** fastify trustProxy (see TRUST_PROXY). */
  trustProxy: boolean | string;
  /** Per-tenant gateway rate limits (docs/gateway-rate-limits.md). */
  tenantLimits?: TenantRateLimits;
  /** The audit intake writer, reported in /internal/metrics and /readyz (docs/audit-service.md). */
  auditIntake?: { stats(): AuditIntakeStats };
}

const REQUEST_ID = /^[\w.:@-]{1,128}$/;
const UNLIMITED = new Set(['/healthz', '/readyz']);

/**
 * The public server: `/graphql` (gateway), the REST facade, health and OpenAPI, behind the
 * shared edge concerns: request ids, credentials, rate-limit headers, error envelope.
 * Every facade operation is validated against the composed schema here, before listening.
 */
export async function createEdgeServer(opts: EdgeOptions): Promise<FastifyInstance> {
  const routes = compileRoutes(ROUTES, opts.gateway.schema());
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  registerBodyParsers(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerEdgeAuth(app, opts.authenticator, opts.trustProxy);
  app.addHook('onRequest', async (request, reply) => {
    if (UNLIMITED.has(pathOf(request.url))) return;
    if (await applyTenantRateLimit(opts.tenantLimits, request, reply)) return;
    const bucket = rateLimitBucket(request.auth, request.ip, opts.rateLimitPerMinute);
    const decision = await opts.rateLimiter.hit(bucket.key, bucket.limit);
    reply.header('x-ratelimit-limit', decision.limit);
    reply.header('x-ratelimit-remaining', decision.remaining);
    reply.header('x-ratelimit-reset', decision.resetAt);
    if (!decision.allowed) {
      reply.header('retry-after', Math.max(1, decision.resetAt - Math.floor(Date.now() / 1000)));
      throw new DomainError(ErrorCode.RATE_LIMITED);
    }
  });

  app.setErrorHandler((error, request, reply) => sendRendered(request, reply, renderError(error as FastifyError, request)));
  app.setNotFoundHandler((request, reply) =>
    sendRendered(request, reply, renderDomainError(new DomainError(ErrorCode.ROUTE_NOT_FOUND, `No endpoint ${request.method} ${pathOf(request.url)}`), request.id, pathOf(request.url))),
  );

  await registerGraphQL(app, opts.gateway);
  registerFacade(app, { routes, executor: new InProcessExecutor(opts.gateway), idempotency: opts.idempotency });
  // Every facade operation is planned now: no REST request ever waits for the query planner.
  await opts.gateway.plans.prewarm(routes);
  app.get('/internal/metrics', async (request) => {
    if (!isPlatformAdmin(request.auth.principal)) {
      throw request.auth.error ?? new DomainError(request.auth.principal ? ErrorCode.FORBIDDEN : ErrorCode.AUTHENTICATION_REQUIRED);
    }
    const memory = process.memoryUsage();
    return {
      planCache: opts.gateway.plans.snapshot(),
      subgraphs: opts.gateway.subgraphs.map((s) => ({ name: s.name, transport: s.local ? 'in-process' : 'http' })),
      process: { uptimeSeconds: Math.round(process.uptime()), rssMiB: Math.round(memory.rss / 2 ** 20), heapUsedMiB: Math.round(memory.heapUsed / 2 ** 20) },
      ...(opts.auditIntake ? { auditIntake: opts.auditIntake.stats() } : {}),
    };
  });
  const openapi = buildOpenApi(routes);
  app.get('/openapi.json', async () => openapi);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const [r, database] = await Promise.all([
      checkReadiness(opts.gateway),
      withTimeout(opts.databaseReady(), 2_000).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    const ready = r.ready && database === 'up';
    // Audit intake trouble is reported, not a reason to leave the load balancer (requests are not at fault).
    const audit = opts.auditIntake?.stats();
    const auditIntake = audit && { status: audit.status, buffered: audit.buffered, deadLettered: audit.deadLettered, dropped: audit.dropped };
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database, subgraphs: r.subgraphs, ...(auditIntake ? { auditIntake } : {}) });
  });
  return app;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
