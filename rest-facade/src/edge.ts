import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { assertWithinLimits, checkReadiness, registerEdgeAuth, registerGraphQL, type AuditIntakeStats, type Authenticator, type Gateway, type TenantRateLimits } from '@dataplat/gateway';
import { DomainError, ErrorCode, isPlatformAdmin, type Logger, type RateLimiter } from '@dataplat/kit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { pathOf, renderDomainError, sendRendered } from './envelope';
import { registerBodyParsers, renderError, writeClientError } from './formats';
import { InProcessExecutor } from './executor';
import { registerFacade } from './facade';
import type { IdempotencyStore } from './idempotency';
import { buildOpenApi } from './openapi';
import { compileRoutes } from './route-table';
import { rateLimitBucket } from './rate-limit-bucket';
import { registerRequestGuards } from './request-guards';
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
const BODY_LIMIT = 1024 * 1024;
const UNLIMITED = new Set(['/healthz', '/readyz']);

/**
 * The public server: `/graphql` (gateway), the REST facade, health and OpenAPI, behind the
 * shared edge concerns: request ids, credentials, rate-limit headers, error envelope.
 * Every facade operation is validated against the composed schema here, before listening.
 */
export async function createEdgeServer(opts: EdgeOptions): Promise<FastifyInstance> {
  const routes = compileRoutes(ROUTES, opts.gateway.schema());
  assertWithinLimits(opts.gateway.schema(), routes.map((r) => ({ name: r.operationName ?? r.path, source: r.source })), opts.gateway.limits);
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // Ids, names and versions fit; a longer path segment is refused in the envelope (414).
    routerOptions: { maxParamLength: 256 },
    trustProxy: opts.trustProxy,
    // Malformed URLs and over-long parameters, which fastify refuses before routing, still get the envelope.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      return sendRendered(request, reply, renderError(error, request));
    },
    // What node's HTTP parser refuses (bad request lines, headers too large) never reaches a route.
    clientErrorHandler: writeClientError,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  registerBodyParsers(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestGuards(app);
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

  app.setErrorHandler(async (error, request, reply) => {
    // A client still sending an oversized body would see a reset instead of the 413: read the
    // rest (discarding it, up to a bound) before answering.
    if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') await discardBody(request.raw, DISCARD_LIMIT);
    return sendRendered(request, reply, renderError(error as FastifyError, request));
  });
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

/** Beyond this an oversized body is not read to its end: the connection is closed instead. */
const DISCARD_LIMIT = 64 * BODY_LIMIT;

/** Reads and drops what is left of a request body (at most `limit` bytes, 30 s). */
function discardBody(raw: IncomingMessage, limit: number): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) done();
    };
    const timer = setTimeout(done, 30_000);
    raw.on('data', onData).on('end', done).on('error', done).on('close', done);
    raw.resume();
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
