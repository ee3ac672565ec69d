import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { portVariable, urlVariable } from '@dataplat/kit';
import { SUBGRAPHS } from '@dataplat/launcher';
import pg from 'pg';
import { ApiClient, expectEnvelope } from '../harness/client';
import { createUser } from '../harness/factories';
import { eventually } from '../harness/database';
import { freePort } from '../harness/platform';
import { provisionTenant, tenantAdminSession } from '../harness/tenant-factories';

/**
 * Distributed mode, for real: every subgraph of the registry and two edge replicas as separate
 * processes on a PostgreSQL server and Redis (CI: E2E_DATABASE_URL and REDIS_URL).
 */
const server = process.env.E2E_DATABASE_URL;
const redis = process.env.REDIS_URL;
const describeDistributed = server && redis ? describe : describe.skip;

const ROOT = resolve(__dirname, '..', '..');
const SUBGRAPH_MAIN = resolve(ROOT, 'packages', 'launcher', 'dist', 'subgraph-main.js');
const EDGE = resolve(ROOT, 'packages', 'launcher', 'dist', 'edge-main.js');

describeDistributed('distributed mode (separate processes, PostgreSQL server, Redis)', () => {
  const dbName = `e2e_dist_${randomBytes(5).toString('hex')}`;
  const procs: ChildProcess[] = [];
  let identityProc: ChildProcess;
  let a: ApiClient;
  let b: ApiClient;
  let env: Record<string, string>;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(server!);
    url.pathname = `/${dbName}`;
    const ports = new Map(await Promise.all(SUBGRAPHS.map(async (s) => [s.name, await freePort()] as const)));
    env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      REDIS_URL: redis!,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PLATFORM_ADMIN_EMAIL: 'root@dist.test',
      PLATFORM_ADMIN_PASSWORD: 'distributed-admin-pw',
      RATE_LIMIT_PER_MINUTE: '10000',
      ...Object.fromEntries([...ports].flatMap(([name, port]) => [[portVariable(name), String(port)], [urlVariable(name), `http://127.0.0.1:${port}/graphql`]])),
    };
    // One generic entry per subgraph, in registry order, each up before the next starts.
    for (const [name, port] of ports) {
      const proc = start([SUBGRAPH_MAIN, name], env);
      if (name === 'identity') identityProc = proc;
      await waitFor(`http://127.0.0.1:${port}/healthz`);
    }
    const [pa, pb] = [await freePort(), await freePort()];
    start([EDGE], { ...env, PORT: String(pa) });
    start([EDGE], { ...env, PORT: String(pb) });
    await Promise.all([waitFor(`http://127.0.0.1:${pa}/readyz`), waitFor(`http://127.0.0.1:${pb}/readyz`)]);
    a = new ApiClient(`http://127.0.0.1:${pa}`);
    b = new ApiClient(`http://127.0.0.1:${pb}`);

    function start(args: string[], processEnv: Record<string, string>): ChildProcess {
      const p = spawn(process.execPath, args, { env: processEnv, stdio: ['ignore', 'inherit', 'inherit'] });
      procs.push(p);
      return p;
    }
  });

  afterAll(async () => {
    await Promise.all(procs.map(stopProcess));
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('a session opened on one edge works on the other', async () => {
    const root = await a.login('root@dist.test', 'distributed-admin-pw');
    const user = await createUser(b, root.accessToken);
    const session = await b.login(user.email, user.password);
    expect((await a.get('/api/v1/users/me', { token: session.accessToken })).body.id).toBe(user.id);
    // Separate processes: the edge reaches identity over HTTP.
    expect((await a.get('/internal/metrics', { token: root.accessToken })).body.subgraphs).toContainEqual({ name: 'identity', transport: 'http' });
    expect((await a.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(200);
    await b.post('/api/v1/auth/logout', { refreshToken: session.refreshToken });
    expectEnvelope(await a.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken }), 401, 'DPF-IAM-006');
  });

  it('both edges count the same caller in one Redis rate-limit window', async () => {
    const root = await a.login('root@dist.test', 'distributed-admin-pw');
    const first = await a.get('/api/v1/users/me', { token: root.accessToken });
    const second = await b.get('/api/v1/users/me', { token: root.accessToken });
    const third = await a.get('/api/v1/users/me', { token: root.accessToken });
    const remaining = [first, second, third].map((r) => Number(r.headers.get('x-ratelimit-remaining')));
    expect(remaining[1]).toBe(remaining[0] - 1);
    expect(remaining[2]).toBe(remaining[0] - 2);
  });

  it('an idempotency key replays on the other edge', async () => {
    const root = await a.login('root@dist.test', 'distributed-admin-pw');
    const body = { email: `dist-${randomBytes(4).toString('hex')}@dist.test`, password: 'a-long-enough-password', firstName: 'D', lastName: 'E' };
    const opts = { token: root.accessToken, headers: { 'x-tenant-id': '00000000-0000-4000-8000-000000000000', 'x-idempotency-key': 'dist-key' } };
    const first = await a.post('/api/v1/users', body, opts);
    const replay = await b.post('/api/v1/users', body, opts);
    expect(first.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a revocation made through one edge is enforced by the other at once', async () => {
    const root = await a.login('root@dist.test', 'distributed-admin-pw');
    const user = await createUser(a, root.accessToken);
    const session = await b.login(user.email, user.password);
    expect((await b.get('/api/v1/users/me', { token: session.accessToken })).status).toBe(200);
    expect((await a.request('PUT', `/api/v1/users/${user.id}/disable`, { token: root.accessToken })).status).toBe(200);
    expectEnvelope(await b.get('/api/v1/users/me', { token: session.accessToken }), 401, 'DPF-AUTH-009');
  });

  it('a tenant suspended through one edge is shut out on the other as soon as it hears the NOTIFY', async () => {
    const root = await a.login('root@dist.test', 'distributed-admin-pw');
    const tenant = await provisionTenant(a, root.accessToken);
    const admin = await tenantAdminSession(b, tenant);
    expect((await b.get('/api/v1/users/me', { token: admin.token })).status).toBe(200);
    // Edge B hears of each change by NOTIFY when it commits: within milliseconds, far below
    // the 30 s its cached status would live without one.
    const seenOnB = (status: number) => eventually(async () => ((await b.get('/api/v1/users/me', { token: admin.token })).status === status ? true : undefined), 2_000);
    expect((await a.post(`/api/v1/tenants/${tenant.id}/suspend`, {}, { token: root.accessToken })).status).toBe(200);
    await seenOnB(403);
    expectEnvelope(await b.get('/api/v1/users/me', { token: admin.token }), 403, 'DPF-TEN-004');
    expect((await a.post(`/api/v1/tenants/${tenant.id}/activate`, undefined, { token: root.accessToken })).status).toBe(200);
    await seenOnB(200);
  });

  it('both edges record their mutations into one audit chain per tenant, chained by the separate audit process', async () => {
    const root = await a.login('root@dist.test', 'distributed-admin-pw');
    await b.login('root@dist.test', 'distributed-admin-pw');
    let events: any[] = [];
    for (let i = 0; i < 50 && events.length < 2; i++) {
      events = (await a.get(`/api/v1/audit/events?action=login&userId=${root.user.id}`, { token: root.accessToken })).body.data;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(events.length).toBeGreaterThanOrEqual(2);
    const verified = await b.get('/api/v1/audit/verify', { token: root.accessToken });
    expect(verified.body).toMatchObject({ intact: true, firstBrokenSeq: null });
  });

  it('a stopped subgraph makes the edges not ready and calls 503', async () => {
    const root = await a.login('root@dist.test', 'distributed-admin-pw');
    await stopProcess(identityProc);
    expect(identityProc.exitCode).toBe(0);
    const ready = await a.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.subgraphs).toEqual({ ...Object.fromEntries(SUBGRAPHS.map((s) => [s.name, s.name === 'identity' ? 'down' : 'up'])), gateway: 'up' });
    expectEnvelope(await b.get('/api/v1/users/me', { token: root.accessToken }), 503, 'DPF-API-009');
    const gql = await a.graphql('{ me { email } }', undefined, { token: root.accessToken });
    expect(gql.status).toBe(503);
    expect(gql.body.errors[0].extensions.code).toBe('DPF-API-009');
  });
});

function stopProcess(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    p.once('exit', () => done());
    p.kill('SIGTERM');
  });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}
