import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError, ErrorCode } from '@dataplat/kit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { buildSchema } from 'graphql';
import { sendRendered } from './envelope';
import type { ExecutionResult, OperationExecutor } from './executor';
import { registerFacade } from './facade';
import { parseForm, registerBodyParsers, renderError } from './formats';
import { IdempotencyStore } from './idempotency';
import { body, type Presenter, type RouteSpec } from './route-spec';
import { compileRoutes } from './route-table';

const schema = buildSchema(`
  type Grant { token: String!, location: String! }
  type Mutation { grant(input: String): Grant! }
  type Query { ok: Boolean }
`);

/** A presenter in the style of RFC 6749: form bodies, `{error}` bodies, a redirect on success. */
const oauthLike: Presenter = {
  accepts: ['application/x-www-form-urlencoded'],
  jsonBody: false,
  success: (payload) => ({ status: 302, headers: { location: (payload as { location: string }).location, 'cache-control': 'no-store' } }),
  failure: (f) => ({ status: f.status === 401 ? 401 : 400, body: { error: f.status === 401 ? 'invalid_client' : 'invalid_request', error_description: f.message } }),
};

const ROUTES: RouteSpec[] = [
  { method: 'POST', path: '/form', summary: 's', tag: 't', auth: 'public', operation: 'grant', variables: { input: body() }, result: 'grant', presenter: oauthLike },
  { method: 'POST', path: '/json', summary: 's', tag: 't', auth: 'public', operation: 'grant', variables: { input: body() }, result: 'grant' },
  { method: 'POST', path: '/closed', summary: 's', tag: 't', auth: 'bearer', operation: 'grant', result: 'grant', presenter: oauthLike },
];

/** Answers from a queue: the presenter, not the executor, is under test here. */
class QueuedExecutor implements OperationExecutor {
  readonly calls: Array<Record<string, unknown>> = [];
  constructor(private readonly results: ExecutionResult[]) {}
  async execute(_route: unknown, variables: Record<string, unknown>): Promise<ExecutionResult> {
    this.calls.push(variables);
    return this.results.shift()!;
  }
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dataplat-presenter-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'grant.graphql'), 'mutation Grant($input: String) { grant(input: $input) { token location } }');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

interface Sent { statusCode: number; headers: Record<string, string>; body: string; json(): any }

/** Real HTTP over loopback (fastify's inject pulls an ESM-only module jest cannot load). */
async function appWith(executor: OperationExecutor) {
  const app = await buildApp(executor);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return {
    async inject(req: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }): Promise<Sent> {
      const headers = { ...req.headers };
      let payload = req.payload;
      if (payload !== undefined && typeof payload !== 'string') {
        headers['content-type'] ??= 'application/json';
        payload = JSON.stringify(payload);
      }
      const res = await fetch(base + req.url, { method: req.method, headers, body: payload as string | undefined, redirect: 'manual' });
      const body = await res.text();
      return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, json: () => JSON.parse(body) };
    },
  };
}

async function buildApp(executor: OperationExecutor): Promise<FastifyInstance> {
  const app = Fastify();
  registerBodyParsers(app);
  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (request) => {
    (request as { auth: unknown }).auth = { principal: null };
  });
  app.setErrorHandler((error, request, reply) => sendRendered(request, reply, renderError(error as FastifyError, request)));
  registerFacade(app, { routes: compileRoutes(ROUTES, schema, dir), executor, idempotency: new IdempotencyStore(null as never, 0) });
  await app.ready();
  return app;
}

describe('route presenters', () => {
  it('parses a form body and lets the presenter send a redirect', async () => {
    const executor = new QueuedExecutor([{ data: { grant: { token: 't', location: 'https://client.example/cb?code=abc' } } }]);
    const app = await appWith(executor);
    const res = await app.inject({ method: 'POST', url: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=code&scope=a+b' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://client.example/cb?code=abc');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
    expect(executor.calls[0]).toEqual({ input: { grant_type: 'code', scope: 'a b' } });
  });

  it('restates operation failures and pre-execution failures in the presenter format', async () => {
    const app = await appWith(new QueuedExecutor([{ errors: [{ message: 'nope', extensions: { code: ErrorCode.VALIDATION_FAILED } }] }]));
    const failed = await app.inject({ method: 'POST', url: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toEqual({ error: 'invalid_request', error_description: 'nope' });
    const unauthenticated = await app.inject({ method: 'POST', url: '/closed' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toEqual({ error: 'invalid_client', error_description: 'Authentication required' });
  });

  it('refuses media types a route does not accept, with 415', async () => {
    const app = await appWith(new QueuedExecutor([]));
    // The presenter restates the 415 in its own terms.
    const jsonToForm = await app.inject({ method: 'POST', url: '/form', payload: { a: 1 } });
    expect(jsonToForm.statusCode).toBe(400);
    expect(jsonToForm.json()).toEqual({ error: 'invalid_request', error_description: 'Unsupported content type; send application/x-www-form-urlencoded' });
    const formToJson = await app.inject({ method: 'POST', url: '/json', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expect(formToJson.statusCode).toBe(415);
    expect(formToJson.json().error.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('sends Retry-After for a 429 that names retryAfterSeconds', async () => {
    const app = await appWith(new QueuedExecutor([{ errors: [{ message: 'slow down', extensions: { code: ErrorCode.RATE_LIMITED, details: { retryAfterSeconds: 41.2 } } }] }]));
    const res = await app.inject({ method: 'POST', url: '/json', payload: {} });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
  });
});

describe('parseForm', () => {
  it('decodes, and keeps a repeated parameter as an array', () => {
    expect(parseForm('a=1&b=x%20y&a=2&c=')).toEqual({ a: ['1', '2'], b: 'x y', c: '' });
  });
});

it('DomainError carries a status the presenter sees', () => {
  expect(new DomainError(ErrorCode.RATE_LIMITED).status).toBe(429);
});
