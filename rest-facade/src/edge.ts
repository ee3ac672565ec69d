import { randomUUID } from 'node:crypto';
import { checkReadiness, registerEdgeAuth, registerGraphQL, type Authenticator, type Gateway } from '@dataplat/gateway';
import { DomainError, ErrorCode, isPlatformAdmin, type Logger, type RateLimiter } from '@dataplat/kit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { pathOf, renderDomainError, type RenderedError } from './envelope';
import { InProcessExecutor } from './executor';
import { registerFacade } from './facade';
import type { IdempotencyStore } from './idempotency';
import { buildOpenApi } from './openapi';
import { CoercionError, compileRoutes } from './route-table';
import { rateLimitBucket } from './rate-limit-bucket';
import { ROUTES } from './routes';

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
  // JSON only: other media types get 415 in the envelope.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerEdgeAuth(app, opts.authenticator, opts.trustProxy);
  app.addHook('onRequest', async (request, reply) => {
    if (UNLIMITED.has(pathOf(request.url))) return;
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

  app.setErrorHandler((error, request, reply) => sendError(request, reply, renderError(error as FastifyError, request)));
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, renderDomainError(new DomainError(ErrorCode.ROUTE_NOT_FOUND, `No endpoint ${request.method} ${pathOf(request.url)}`), request.id, pathOf(request.url))),
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
      process: { uptimeSeconds: Math.round(process.uptime()), rssMiB: Math.round(memory.rss / 2 ** 20), heapUsedMiB: Math.round(memory.heapUsed / 2 ** 20) },
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
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database, subgraphs: r.subgraphs });
  });
  return app;
}

function renderError(error: FastifyError, request: FastifyRequest): RenderedError {
  const path = pathOf(request.url);
  if (error instanceof DomainError) return renderDomainError(error, request.id, path);
  if (error instanceof CoercionError) {
    return renderDomainError(new DomainError(ErrorCode.VALIDATION_FAILED, error.message, { parameter: error.parameter, expected: error.expected }), request.id, path);
  }
  const code = mapFastifyError(error);
  if (code === ErrorCode.INTERNAL) request.log.error({ err: error }, 'unhandled error');
  const message = code === ErrorCode.VALIDATION_FAILED ? error.message : undefined;
  const details = code === ErrorCode.MALFORMED_JSON ? { reason: error.message } : undefined;
  return renderDomainError(new DomainError(code, message, details), request.id, path);
}

function mapFastifyError(error: FastifyError): ErrorCode {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return ErrorCode.PAYLOAD_TOO_LARGE;
  if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) return ErrorCode.MALFORMED_JSON;
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return ErrorCode.VALIDATION_FAILED;
  return ErrorCode.INTERNAL;
}

/** /graphql speaks GraphQL's error format; everything else the envelope. */
function sendError(request: FastifyRequest, reply: FastifyReply, rendered: RenderedError) {
  reply.code(rendered.status);
  if (pathOf(request.url) === '/graphql') {
    const { code, message, details } = rendered.body.error;
    return reply.send({ errors: [{ message, extensions: { code, details, requestId: request.id } }] });
  }
  return reply.send(rendered.body);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
