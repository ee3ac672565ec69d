import { randomUUID } from 'node:crypto';
import { createPrismaClient } from '@dataplat/db';
import { SecretBox } from '@dataplat/kit';
import { ConnectorJobRunner } from '../../subgraphs/tenant/src/connectors/connector-runner';
import { ConnectorRepository } from '../../subgraphs/tenant/src/connectors/connector.repository';
import { ConnectorSecrets } from '../../subgraphs/tenant/src/connectors/connector.service';
import { ApiClient, expectEnvelope, type ApiResponse } from '../harness/client';
import { query } from '../harness/database';
import { userWithRoles, type Session } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, type ProvisionedTenant } from '../harness/tenant-factories';

/** Connectors (spec 2 "Endpoints of other services", docs/tenant-operations.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const auth = (token: string) => ({ token });
const base = (tenantId: string) => `/api/v1/tenants/${tenantId}/connectors`;

interface Fixture { tenant: ProvisionedTenant; admin: Session; member: Session; other: ProvisionedTenant; otherAdmin: Session }

async function fixture(settings?: Record<string, unknown>): Promise<Fixture> {
  const [tenant, other] = await Promise.all([provisionTenant(api, root, settings ? { settings } : {}), provisionTenant(api, root)]);
  const [admin, member, otherAdmin] = await Promise.all([
    userWithRoles(api, root, tenant.id, ['ADMIN']),
    userWithRoles(api, root, tenant.id),
    userWithRoles(api, root, other.id, ['ADMIN']),
  ]);
  return { tenant, admin, member, other, otherAdmin };
}

/** A postgresql configuration pointing at the test database itself. */
function testDatabase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const url = new URL(platform.databaseUrl);
  return {
    host: url.hostname, port: Number(url.port || 5432), database: url.pathname.slice(1), username: decodeURIComponent(url.username),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}), ...overrides,
  };
}

async function create(tenantId: string, token: string, body: Record<string, unknown>): Promise<any> {
  const res = await api.post(base(tenantId), body, auth(token));
  expect(res.status).toBe(201);
  return res.body;
}

const postgres = (tenantId: string, token: string, overrides: Record<string, unknown> = {}, name = `pg-${randomUUID().slice(0, 6)}`) =>
  create(tenantId, token, { name, type: 'postgresql', description: 'the test database', config: testDatabase(overrides) });

/** Polls the job through GET /status?jobId= until it is SUCCEEDED or FAILED; returns the statuses seen. */
async function settle(tenantId: string, connectorId: string, jobId: string, token: string): Promise<{ job: any; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await api.get(`${base(tenantId)}/${connectorId}/status?jobId=${jobId}`, auth(token));
    expect(res.status).toBe(200);
    const job = res.body.job;
    if (seen[seen.length - 1] !== job.status) seen.push(job.status);
    if (['SUCCEEDED', 'FAILED'].includes(job.status)) return { job, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

describe('POST /connectors, GET /connectors, GET /connectors/{id}', () => {
  it('creates a connector, seals its secrets and never returns them', async () => {
    const { tenant, admin, member } = await fixture();
    const c = await create(tenant.id, admin.token, { name: 'warehouse', type: 'postgresql', config: { host: 'db.internal', database: 'sales', username: 'reader', password: 'hunter2-secret' } });
    expect(c).toMatchObject({ tenantId: tenant.id, name: 'warehouse', type: 'postgresql', health: 'UNTESTED', secretFields: ['password'], tableCount: null });
    expect(c.config).toEqual({ host: 'db.internal', port: 5432, database: 'sales', username: 'reader', password: '********' });
    const [row] = await query(platform.databaseUrl, 'SELECT config::text AS config, sealed_secrets FROM tenant.connectors WHERE id = $1', [c.id]);
    expect(row.config).not.toContain('hunter2');
    expect(row.sealed_secrets).toMatch(/^v1\./);
    expect(row.sealed_secrets).not.toContain('hunter2');
    const list = await api.get(base(tenant.id), auth(member.token));
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.id)).toEqual([c.id]);
    expect(list.body.pagination).toMatchObject({ page: 0, total: 1 });
    const one = await api.get(`${base(tenant.id)}/${c.id}`, auth(member.token));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: c.id, metadata: null });
    expect(JSON.stringify([list.body, one.body])).not.toContain('hunter2');
  });

  it.each([
    ['an unknown type', { name: 'x', type: 'kafka', config: {} }, 'type'],
    ['a missing required field', { name: 'x', type: 'postgresql', config: { host: 'db', username: 'u' } }, 'config.database'],
    ['an unknown field', { name: 'x', type: 's3', config: { bucket: 'b', region: 'eu-west-1', accessKeyId: 'k', secretAccessKey: 's', colour: 'red' } }, 'config.colour'],
    ['a bad port', { name: 'x', type: 'mysql', config: { host: 'db', port: 70000, database: 'd', username: 'u' } }, 'config.port'],
    ['a bad URL', { name: 'x', type: 'salesforce', config: { instanceUrl: 'ftp://x', clientId: 'c', clientSecret: 's', refreshToken: 'r' } }, 'config.instanceUrl'],
  ])('refuses %s (400 DPF-TEN-122)', async (_label, body, field) => {
    const { tenant, admin } = await fixture();
    const res = await api.post(base(tenant.id), body, auth(admin.token));
    expectEnvelope(res, 400, 'DPF-TEN-122');
    expect(res.body.error.details).toMatchObject({ field });
  });

  it('refuses a body without config (400) and a duplicate name (409 DPF-TEN-121)', async () => {
    const { tenant, admin } = await fixture();
    expectEnvelope(await api.post(base(tenant.id), { name: 'x', type: 'postgresql' }, auth(admin.token)), 400);
    await postgres(tenant.id, admin.token, {}, 'same');
    expectEnvelope(await api.post(base(tenant.id), { name: 'same', type: 'postgresql', config: testDatabase() }, auth(admin.token)), 409, 'DPF-TEN-121');
  });

  it('enforces maxConnectors (409 DPF-TEN-123), also under concurrent creates', async () => {
    const { tenant, admin } = await fixture({ maxConnectors: 2 });
    const results = await Promise.all([1, 2, 3, 4].map((i) => api.post(base(tenant.id), { name: `c${i}`, type: 'postgresql', config: testDatabase() }, auth(admin.token))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 201)) {
      expectEnvelope(r, 409, 'DPF-TEN-123');
      expect(r.body.error.details).toEqual({ maxConnectors: 2 });
    }
  });

  it('401 without a token; 403 for a user without ADMIN on writes; 404 for another tenant and unknown ids', async () => {
    const { tenant, admin, member, other, otherAdmin } = await fixture();
    const c = await postgres(tenant.id, admin.token);
    expectEnvelope(await api.get(base(tenant.id)), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(base(tenant.id), { name: 'x', type: 'postgresql', config: testDatabase() }, auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('PUT', `${base(tenant.id)}/${c.id}`, { token: member.token, body: { name: 'y' } }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('DELETE', `${base(tenant.id)}/${c.id}`, { token: member.token }), 403, 'DPF-AUTH-007');
    // Tenant isolation: the other tenant's admin sees nothing of this tenant.
    expectEnvelope(await api.get(base(tenant.id), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${base(tenant.id)}/${c.id}`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${base(other.id)}/${c.id}`, auth(otherAdmin.token)), 404, 'DPF-TEN-120');
    expectEnvelope(await api.post(`${base(other.id)}/${c.id}/test`, undefined, auth(otherAdmin.token)), 404, 'DPF-TEN-120');
    expectEnvelope(await api.get(`${base(tenant.id)}/${randomUUID()}`, auth(admin.token)), 404, 'DPF-TEN-120');
    expectEnvelope(await api.get(`${base(tenant.id)}/not-a-uuid`, auth(admin.token)), 404, 'DPF-TEN-120');
  });
});

describe('PUT and DELETE /connectors/{id}', () => {
  it('updates fields, keeps an omitted secret, replaces a given one', async () => {
    const { tenant, admin } = await fixture();
    const c = await create(tenant.id, admin.token, { name: 'lake', type: 's3', config: { bucket: 'raw', region: 'eu-west-1', accessKeyId: 'AKIA1', secretAccessKey: 'first-secret' } });
    const put = (body: unknown) => api.request('PUT', `${base(tenant.id)}/${c.id}`, { token: admin.token, body });
    const renamed = await put({ name: 'lake-2', config: { prefix: 'landing/' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'lake-2', config: { bucket: 'raw', prefix: 'landing/', secretAccessKey: '********' }, secretFields: ['secretAccessKey'] });
    const [before] = await query(platform.databaseUrl, 'SELECT sealed_secrets FROM tenant.connectors WHERE id = $1', [c.id]);
    expect((await put({ config: { secretAccessKey: 'second-secret' } })).status).toBe(200);
    const [after] = await query(platform.databaseUrl, 'SELECT sealed_secrets FROM tenant.connectors WHERE id = $1', [c.id]);
    expect(after.sealed_secrets).not.toBe(before.sealed_secrets);
    expectEnvelope(await put({ config: { region: '' , bucket: null } }), 400, 'DPF-TEN-122');
    expectEnvelope(await put({ name: '' }), 400);
    expectEnvelope(await api.request('PUT', `${base(tenant.id)}/${randomUUID()}`, { token: admin.token, body: { name: 'z' } }), 404, 'DPF-TEN-120');
  });

  it('deletes a connector with its jobs (204), then 404', async () => {
    const { tenant, admin } = await fixture();
    const c = await postgres(tenant.id, admin.token);
    const job = (await api.post(`${base(tenant.id)}/${c.id}/test`, undefined, auth(admin.token))).body;
    await settle(tenant.id, c.id, job.id, admin.token);
    const del = await api.request('DELETE', `${base(tenant.id)}/${c.id}`, { token: admin.token });
    expect(del.status).toBe(204);
    expectEnvelope(await api.get(`${base(tenant.id)}/${c.id}`, auth(admin.token)), 404, 'DPF-TEN-120');
    expectEnvelope(await api.request('DELETE', `${base(tenant.id)}/${c.id}`, { token: admin.token }), 404, 'DPF-TEN-120');
    const [jobs] = await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM tenant.connector_jobs WHERE connector_id = $1', [c.id]);
    expect(jobs.n).toBe(0);
  });
});

describe('POST /test, POST /sync, GET /status', () => {
  it('tests a postgresql connector against the test database: QUEUED -> RUNNING -> SUCCEEDED, connector HEALTHY', async () => {
    const { tenant, admin, member } = await fixture();
    const c = await postgres(tenant.id, admin.token);
    const res = await api.post(`${base(tenant.id)}/${c.id}/test`, undefined, auth(member.token));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ connectorId: c.id, kind: 'TEST', status: 'QUEUED', attempts: 0, finishedAt: null });
    const { job, seen } = await settle(tenant.id, c.id, res.body.id, member.token);
    expect(seen[seen.length - 1]).toBe('SUCCEEDED');
    expect(seen.every((s) => ['QUEUED', 'RUNNING', 'SUCCEEDED'].includes(s))).toBe(true);
    expect(job).toMatchObject({ status: 'SUCCEEDED', attempts: 1, error: null, result: { check: 'SELECT 1', serverVersion: expect.stringContaining('PostgreSQL') } });
    expect(new Date(job.finishedAt).getTime()).toBeGreaterThanOrEqual(new Date(job.startedAt).getTime());
    expect(job.durationMs).toBeGreaterThanOrEqual(0);
    const status = await api.get(`${base(tenant.id)}/${c.id}/status`, auth(member.token));
    expect(status.body).toMatchObject({ connectorId: c.id, health: 'HEALTHY', lastTest: { id: job.id, status: 'SUCCEEDED' }, lastSync: null, job: null });
    expect(status.body.lastTestedAt).toBeTruthy();
  });

  it('a test of an unreachable target ends FAILED with the reason (never a 500); connector UNHEALTHY', async () => {
    const { tenant, admin } = await fixture();
    // A port nothing listens on (the database's port + a gap is not reliable: use a closed port range).
    const c = await postgres(tenant.id, admin.token, { host: '127.0.0.1', port: 1 });
    const res = await api.post(`${base(tenant.id)}/${c.id}/test`, undefined, auth(admin.token));
    expect(res.status).toBe(202);
    const { job } = await settle(tenant.id, c.id, res.body.id, admin.token);
    expect(job).toMatchObject({ status: 'FAILED', result: null });
    expect(job.error).toMatch(/ECONNREFUSED|connect/i);
    const status = await api.get(`${base(tenant.id)}/${c.id}/status`, auth(admin.token));
    expect(status.body).toMatchObject({ health: 'UNHEALTHY', lastTest: { status: 'FAILED' } });
  });

  it('a failed test of an http-probed type (s3 endpoint) and a successful one against a live endpoint', async () => {
    const { tenant, admin } = await fixture();
    const live = await create(tenant.id, admin.token, { name: 's3-live', type: 's3', config: { bucket: 'b', region: 'local', accessKeyId: 'k', secretAccessKey: 's', endpoint: `${platform.baseUrl}/healthz` } });
    const dead = await create(tenant.id, admin.token, { name: 's3-dead', type: 's3', config: { bucket: 'b', region: 'local', accessKeyId: 'k', secretAccessKey: 's', endpoint: 'http://127.0.0.1:1/' } });
    const [a, b] = await Promise.all([live, dead].map((c) => api.post(`${base(tenant.id)}/${c.id}/test`, undefined, auth(admin.token))));
    const ok = await settle(tenant.id, live.id, a.body.id, admin.token);
    expect(ok.job).toMatchObject({ status: 'SUCCEEDED', result: { check: 'http', httpStatus: expect.any(Number) } });
    const ko = await settle(tenant.id, dead.id, b.body.id, admin.token);
    expect(ko.job.status).toBe('FAILED');
    expect(ko.job.error).toContain('HEAD http://127.0.0.1:1/');
  });

  it('syncs postgresql metadata (tables and columns of information_schema) into the connector', async () => {
    const { tenant, admin } = await fixture();
    const c = await postgres(tenant.id, admin.token, { schema: 'tenant' });
    const res = await api.post(`${base(tenant.id)}/${c.id}/sync`, undefined, auth(admin.token));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ kind: 'SYNC', status: 'QUEUED' });
    const { job } = await settle(tenant.id, c.id, res.body.id, admin.token);
    expect(job).toMatchObject({ status: 'SUCCEEDED', result: { tables: expect.any(Number), columns: expect.any(Number), truncated: false } });
    const one = await api.get(`${base(tenant.id)}/${c.id}`, auth(admin.token));
    const connectors = one.body.metadata.tables.find((t: any) => t.schema === 'tenant' && t.name === 'connectors');
    expect(connectors.columns.map((col: any) => col.name)).toEqual(expect.arrayContaining(['id', 'tenant_id', 'sealed_secrets']));
    expect(one.body.tableCount).toBe(job.result.tables);
    expect(one.body.lastSyncedAt).toBeTruthy();
    const status = await api.get(`${base(tenant.id)}/${c.id}/status`, auth(admin.token));
    expect(status.body.lastSync).toMatchObject({ id: job.id, status: 'SUCCEEDED' });
  });

  it('refuses a sync for a type without a metadata reader (400 DPF-TEN-126) and a second test while one is queued (409 DPF-TEN-125)', async () => {
    const { tenant, admin } = await fixture();
    const ftp = await create(tenant.id, admin.token, { name: 'drop', type: 'sftp', config: { host: '127.0.0.1', port: 1, username: 'u', password: 'p', path: '/in' } });
    expectEnvelope(await api.post(`${base(tenant.id)}/${ftp.id}/sync`, undefined, auth(admin.token)), 400, 'DPF-TEN-126');
    // A job left QUEUED and held by a runner (lease in the future) keeps the connector busy.
    await query(platform.databaseUrl, "INSERT INTO tenant.connector_jobs (id, tenant_id, connector_id, kind, status, locked_by, locked_until) VALUES ($1, $2, $3, 'TEST', 'QUEUED', 'runner-elsewhere', now() + interval '1 minute')", [randomUUID(), tenant.id, ftp.id]);
    expectEnvelope(await api.post(`${base(tenant.id)}/${ftp.id}/test`, undefined, auth(admin.token)), 409, 'DPF-TEN-125');
  });

  it('a job left RUNNING by a runner that died is resumed by the sweep and finishes', async () => {
    const { tenant, admin } = await fixture();
    const c = await postgres(tenant.id, admin.token);
    const id = randomUUID();
    await query(platform.databaseUrl, "INSERT INTO tenant.connector_jobs (id, tenant_id, connector_id, kind, status, attempts, started_at, locked_by, locked_until) VALUES ($1, $2, $3, 'TEST', 'RUNNING', 1, now(), 'runner-dead', now() - interval '1 second')", [id, tenant.id, c.id]);
    const { job } = await settle(tenant.id, c.id, id, admin.token);
    expect(job).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
  });

  it('status: 401, unknown job id 404 DPF-TEN-124, another tenant 404', async () => {
    const { tenant, admin, otherAdmin } = await fixture();
    const c = await postgres(tenant.id, admin.token);
    expectEnvelope(await api.get(`${base(tenant.id)}/${c.id}/status`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(`${base(tenant.id)}/${c.id}/test`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(`${base(tenant.id)}/${c.id}/sync`), 401, 'DPF-AUTH-001');
    const fresh: ApiResponse = await api.get(`${base(tenant.id)}/${c.id}/status`, auth(admin.token));
    expect(fresh.body).toMatchObject({ health: 'UNTESTED', lastTest: null, lastSync: null });
    expectEnvelope(await api.get(`${base(tenant.id)}/${c.id}/status?jobId=${randomUUID()}`, auth(admin.token)), 404, 'DPF-TEN-124');
    expectEnvelope(await api.get(`${base(tenant.id)}/${c.id}/status`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
  });
});

describe('connector job runner', () => {
  const quiet = { info() {}, warn() {}, error() {}, debug() {}, child() { return quiet; } } as any;

  it('runners racing for one queued job (two here plus the platform\'s sweep) run it exactly once', async () => {
    const { tenant, admin } = await fixture();
    const url = new URL(platform.databaseUrl);
    // No secret fields: the runners here need no platform key to open the configuration.
    const c = await create(tenant.id, admin.token, { name: 'tcp', type: 'mysql', config: { host: url.hostname, port: Number(url.port || 5432), database: 'd', username: 'u' } });
    const db = createPrismaClient(platform.databaseUrl, { poolSize: 4 });
    try {
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      // One QUEUED test, and two finished jobs that no runner may run again.
      await query(platform.databaseUrl, "INSERT INTO tenant.connector_jobs (id, tenant_id, connector_id, kind, status) VALUES ($1, $2, $3, 'TEST', 'QUEUED')", [ids[0], tenant.id, c.id]);
      await query(platform.databaseUrl, "INSERT INTO tenant.connector_jobs (id, tenant_id, connector_id, kind, status, attempts, finished_at) VALUES ($1, $3, $4, 'TEST', 'SUCCEEDED', 1, now()), ($2, $3, $4, 'TEST', 'FAILED', 1, now())", [ids[1], ids[2], tenant.id, c.id]);
      const runner = () => new ConnectorJobRunner(new ConnectorRepository(db), (row) => new ConnectorSecrets(SecretBox.fromSecret('x'.repeat(32))).open(row), quiet);
      const [a, b] = [runner(), runner()];
      await Promise.all([a.run(ids[0]), b.run(ids[0]), a.sweep(), b.sweep(), a.run(ids[1]), b.run(ids[2])]);
      const { job } = await settle(tenant.id, c.id, ids[0], admin.token);
      expect(job).toMatchObject({ status: 'SUCCEEDED', attempts: 1, result: { check: 'tcp' } });
      const rows = await query(platform.databaseUrl, 'SELECT id, status, attempts FROM tenant.connector_jobs WHERE connector_id = $1 ORDER BY created_at', [c.id]);
      expect(rows.filter((r) => r.id !== ids[0]).map((r) => [r.status, r.attempts])).toEqual(expect.arrayContaining([['SUCCEEDED', 1], ['FAILED', 1]]));
    } finally {
      await db.$disconnect();
    }
  });
});

describe('deprovisioning', () => {
  it('releases the tenant\'s connectors (with their sealed secrets and jobs)', async () => {
    const { tenant, admin } = await fixture();
    const c = await postgres(tenant.id, admin.token);
    await settle(tenant.id, c.id, (await api.post(`${base(tenant.id)}/${c.id}/test`, undefined, auth(admin.token))).body.id, admin.token);
    expect((await api.request('DELETE', `/api/v1/tenants/${tenant.id}`, { token: root })).status).toBe(200);
    const [row] = await query(platform.databaseUrl, 'SELECT (SELECT count(*)::int FROM tenant.connectors WHERE tenant_id = $1) AS connectors, (SELECT count(*)::int FROM tenant.connector_jobs WHERE tenant_id = $1) AS jobs', [tenant.id]);
    expect(row).toEqual({ connectors: 0, jobs: 0 });
    expectEnvelope(await api.post(base(tenant.id), { name: 'late', type: 'postgresql', config: testDatabase() }, auth(root)), 409, 'DPF-TEN-138');
  });
});
