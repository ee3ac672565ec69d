import { randomUUID } from 'node:crypto';
import { SUBGRAPHS } from '@dataplat/launcher';
import { ApiClient, expectEnvelope } from '../harness/client';
import { createUser, PLATFORM_TENANT } from '../harness/factories';
import { query } from '../harness/database';
import { startPlatform, type TestPlatform } from '../harness/platform';

let platform: TestPlatform;
let api: ApiClient;
let adminToken: string;

beforeAll(async () => {
  platform = await startPlatform({ env: { RATE_LIMIT_PER_MINUTE: '5000' } });
  api = new ApiClient(platform.baseUrl);
  adminToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
});
afterAll(() => platform?.stop());

const newUserBody = () => ({ email: `idem-${randomUUID()}@e2e.test`, password: 'a-long-enough-password', firstName: 'Idem', lastName: 'Potent' });
const asAdmin = (extra: Record<string, string> = {}) => ({ token: adminToken, headers: { 'x-tenant-id': PLATFORM_TENANT, ...extra } });

describe('error envelope', () => {
  it('unknown route -> 404', async () => {
    expectEnvelope(await api.get('/api/v1/does-not-exist'), 404, 'DPF-API-004');
    expectEnvelope(await api.request('PATCH', '/api/v1/users/me'), 404, 'DPF-API-004');
  });

  it('malformed JSON -> 400', async () => {
    const res = await api.request('POST', '/api/v1/auth/login', { raw: '{"email": ', headers: { 'content-type': 'application/json' } });
    expectEnvelope(res, 400, 'DPF-API-002');
  });

  it('a body that is not JSON -> 415', async () => {
    expectEnvelope(await api.request('POST', '/api/v1/auth/login', { raw: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'DPF-API-003');
    expectEnvelope(await api.request('POST', '/api/v1/auth/login', { raw: 'hello', headers: { 'content-type': 'text/plain' } }), 415, 'DPF-API-003');
  });

  it('a badly typed query parameter -> 400 naming it', async () => {
    const res = await api.get('/api/v1/users?page=two', { token: adminToken });
    expectEnvelope(res, 400, 'DPF-API-001');
    expect(res.body.error.details).toEqual({ parameter: 'page', expected: 'an integer' });
  });

  it('an unknown user id -> 404', async () => {
    expectEnvelope(await api.get(`/api/v1/users/${randomUUID()}`, { token: adminToken }), 404, 'DPF-IAM-005');
    expectEnvelope(await api.get('/api/v1/users/not-a-uuid', { token: adminToken }), 404, 'DPF-IAM-005');
  });
});

describe('X-Request-ID', () => {
  it('echoes the caller id and puts it in error bodies', async () => {
    const res = await api.get('/api/v1/nope', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc.123');
    expect(res.body.error.requestId).toBe('trace-abc.123');
  });

  it('generates one when absent or unusable', async () => {
    const a = await api.get('/healthz');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await api.get('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(b.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('rate-limit headers', () => {
  it('are on every response, counting down per caller', async () => {
    const first = await api.get('/api/v1/users/me', { token: adminToken });
    const second = await api.get('/api/v1/nope', { token: adminToken });
    for (const res of [first, second]) {
      expect(Number(res.headers.get('x-ratelimit-limit'))).toBe(5000);
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
    const gql = await api.graphql('{ me { email } }', undefined, { token: adminToken });
    expect(gql.headers.get('x-ratelimit-limit')).toBe('5000');
  });
});

describe('X-Idempotency-Key', () => {
  it('replays the first response of a mutation to the same caller', async () => {
    const body = newUserBody();
    const first = await api.post('/api/v1/users', body, asAdmin({ 'x-idempotency-key': 'create-1' }));
    const again = await api.post('/api/v1/users', body, asAdmin({ 'x-idempotency-key': 'create-1' }));
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // Without the key the same body is a second attempt: the e-mail now exists.
    expectEnvelope(await api.post('/api/v1/users', body, asAdmin()), 400, 'DPF-IAM-004');
  });

  it('refuses the same key for a different request (422)', async () => {
    await api.post('/api/v1/users', newUserBody(), asAdmin({ 'x-idempotency-key': 'create-2' }));
    expectEnvelope(await api.post('/api/v1/users', newUserBody(), asAdmin({ 'x-idempotency-key': 'create-2' })), 422, 'DPF-API-006');
  });

  it('replays error responses too, and keys are per caller', async () => {
    const bad = { ...newUserBody(), password: 'short' };
    const first = await api.post('/api/v1/users', bad, asAdmin({ 'x-idempotency-key': 'bad-1' }));
    expectEnvelope(first, 400, 'DPF-API-001');
    const again = await api.post('/api/v1/users', bad, asAdmin({ 'x-idempotency-key': 'bad-1' }));
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const otherAdmin = await createUser(api, adminToken, { roleIds: [await adminRoleId()] });
    const otherToken = (await api.login(otherAdmin.email, otherAdmin.password)).accessToken;
    const body = newUserBody();
    const mine = await api.post('/api/v1/users', body, asAdmin({ 'x-idempotency-key': 'shared-key' }));
    const theirs = await api.post('/api/v1/users', { ...body, email: `x-${body.email}` }, { token: otherToken, headers: { 'x-tenant-id': PLATFORM_TENANT, 'x-idempotency-key': 'shared-key' } });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });
});

describe('X-Idempotency-Key and one-time secrets', () => {
  it('never stores a secret shown once: a replay returns null in its place', async () => {
    const user = await createUser(api, adminToken);
    const opts = { token: adminToken, headers: { 'x-idempotency-key': `reset-${user.id}` } };
    const first = await api.post(`/api/v1/users/${user.id}/reset-password`, undefined, opts);
    expect(first.status).toBe(200);
    expect(first.body.temporaryPassword).toMatch(/^\S{12,}$/);
    const replay = await api.post(`/api/v1/users/${user.id}/reset-password`, undefined, opts);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual({ temporaryPassword: null });
    const stored = await query(platform.databaseUrl, 'SELECT response_body FROM platform.idempotency_records WHERE key = $1', [`reset-${user.id}`]);
    expect(stored).toHaveLength(1);
    expect(stored[0].response_body).not.toContain(first.body.temporaryPassword);
  });
});

describe('authorization and input rules', () => {
  it('a non-admin gets 403 on the user list', async () => {
    const user = await createUser(api, adminToken);
    const { accessToken } = await api.login(user.email, user.password);
    expectEnvelope(await api.get('/api/v1/users', { token: accessToken }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post('/api/v1/users', newUserBody(), { token: accessToken, headers: { 'x-tenant-id': PLATFORM_TENANT } }), 403, 'DPF-AUTH-007');
  });

  it('user creation requires X-Tenant-ID and refuses an existing e-mail and unknown fields', async () => {
    expectEnvelope(await api.post('/api/v1/users', newUserBody(), { token: adminToken }), 400, 'DPF-API-012');
    const body = newUserBody();
    expect((await api.post('/api/v1/users', body, asAdmin())).status).toBe(201);
    expectEnvelope(await api.post('/api/v1/users', { ...body, email: body.email.toUpperCase() }, asAdmin()), 400, 'DPF-IAM-004');
    expectEnvelope(await api.post('/api/v1/users', { ...newUserBody(), nickname: 'x' }, asAdmin()), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/users', { ...newUserBody(), roleIds: [999999] }, asAdmin()), 400, 'DPF-IAM-007');
  });

  it('lists users paginated with search, defaults page 0 size 20', async () => {
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < 3; i++) await createUser(api, adminToken, { firstName: `Grace${tag}`, lastName: `Hopper${i}` });
    const res = await api.get(`/api/v1/users?search=grace${tag}&size=2`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.pagination).toEqual({ page: 0, size: 2, total: 3, totalPages: 2, hasNext: true, hasPrevious: false });
    const page1 = await api.get(`/api/v1/users?search=${encodeURIComponent(`grace${tag} hopper`)}&size=2&page=1`, { token: adminToken });
    expect(page1.body.data).toHaveLength(1);
    expect(page1.body.pagination).toMatchObject({ page: 1, hasNext: false, hasPrevious: true });
    const defaults = await api.get('/api/v1/users', { token: adminToken });
    expect(defaults.body.pagination).toMatchObject({ page: 0, size: 20 });
    expectEnvelope(await api.get('/api/v1/users?size=1000', { token: adminToken }), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/users?sort=passwordHash', { token: adminToken }), 400, 'DPF-API-001');
  });
});

describe('service endpoints', () => {
  it('/openapi.json describes the routes', async () => {
    const res = await api.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/api/v1/auth/login'].post).toBeDefined();
    expect(res.body.paths['/api/v1/users/{userId}'].get.parameters[0]).toMatchObject({ name: 'userId', in: 'path', required: true });
  });

  it('/readyz reports every subgraph, and the audit intake', async () => {
    const res = await api.get('/readyz');
    // Every subgraph of the registry, and the edge's own `gateway` subgraph.
    expect(res.body).toEqual({
      status: 'ready', database: 'up', subgraphs: { ...Object.fromEntries(SUBGRAPHS.map((s) => [s.name, 'up'])), gateway: 'up' },
      auditIntake: { status: 'ok', buffered: expect.any(Number), deadLettered: 0, dropped: 0 },
    });
  });
});

async function adminRoleId(): Promise<number> {
  const res = await api.get('/api/v1/roles/all', { token: adminToken });
  return res.body.find((r: { name: string }) => r.name === 'ADMIN').id;
}

describe('/internal/metrics', () => {
  it('shows that facade requests never plan (plans are built at boot), to platform admins only', async () => {
    const before = (await api.get('/internal/metrics', { token: adminToken })).body.planCache;
    for (let i = 0; i < 3; i++) await api.get('/api/v1/users/me', { token: adminToken });
    await api.get('/api/v1/users?page=1&size=5', { token: adminToken });
    await api.get('/api/v1/roles/all', { token: adminToken });
    const res = await api.get('/internal/metrics', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.planCache.plannedAtBoot).toBeGreaterThan(10);
    expect(res.body.planCache.plannedOnRequestPath).toBe(before.plannedOnRequestPath);
    expect(res.body.planCache.cacheHits - before.cacheHits).toBe(5);
    // One process: the gateway executes the subgraphs in-process, with no HTTP hop.
    expect(res.body.subgraphs).toContainEqual({ name: 'identity', transport: 'in-process' });
    expectEnvelope(await api.get('/internal/metrics'), 401, 'DPF-AUTH-001');
    const user = await createUser(api, adminToken);
    expectEnvelope(await api.get('/internal/metrics', { token: (await api.login(user.email, user.password)).accessToken }), 403, 'DPF-AUTH-007');
  });
});

describe('X-Idempotency-Key on public routes', () => {
  it('is ignored: a login is never stored or replayed, even with a bearer token present', async () => {
    const opts = { token: adminToken, headers: { 'x-idempotency-key': 'login-key' } };
    const first = await api.post('/api/v1/auth/login', { email: platform.adminEmail, password: platform.adminPassword }, opts);
    const second = await api.post('/api/v1/auth/login', { email: platform.adminEmail, password: platform.adminPassword }, opts);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.refreshToken).not.toBe(first.body.refreshToken);
    expect(await query(platform.databaseUrl, 'SELECT 1 FROM platform.idempotency_records WHERE key = $1', ['login-key'])).toHaveLength(0);
  });
});
