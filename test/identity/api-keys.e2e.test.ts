import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ApiClient, expectEnvelope, type ApiResponse } from '../harness/client';
import { createUser, roleId } from '../harness/factories';
import { startPlatform, type TestPlatform } from '../harness/platform';

/**
 * Issue 3, "API keys": management endpoints, X-API-Key at the edge (scopes, allow-lists,
 * expiry, revocation, rotation, per-key rate limits) against one booted platform. A few
 * states that take a day to reach (expiry, a disabled owner) are set in the database,
 * followed by the NOTIFY identity would send.
 */
const GRACE_SECONDS = 6;
const server = process.env.E2E_DATABASE_URL;
const ownDb = server ? `e2e_keys_${randomBytes(5).toString('hex')}` : undefined;
const withDb = (name: string) => Object.assign(new URL(server!), { pathname: `/${name}` }).toString();

let platform: TestPlatform;
let api: ApiClient;
let db: pg.Client;
let tenantA: string;
let alice: { id: string; token: string };
let bob: { id: string; token: string };
let dora: { id: string; token: string };
let carol: { id: string; token: string };

beforeAll(async () => {
  if (server && ownDb) await admin(`CREATE DATABASE ${ownDb}`);
  platform = await startPlatform({
    env: { API_KEY_ROTATION_GRACE: `${GRACE_SECONDS}s`, RATE_LIMIT_PER_MINUTE: '5000', ...(ownDb ? { DATABASE_URL: withDb(ownDb) } : {}) },
  });
  api = new ApiClient(platform.baseUrl);
  db = new pg.Client({ connectionString: ownDb ? withDb(ownDb) : embeddedUrl(platform.dataDir) });
  await db.connect();
  const root = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
  tenantA = randomUUID();
  const adminRole = await roleId(api, root, 'ADMIN');
  const login = async (u: { id: string; email: string; password: string }) => ({ id: u.id, token: (await api.login(u.email, u.password)).accessToken });
  alice = await login(await createUser(api, root, { tenantId: tenantA, firstName: 'Alice' }));
  bob = await login(await createUser(api, root, { tenantId: tenantA, firstName: 'Bob' }));
  dora = await login(await createUser(api, root, { tenantId: tenantA, roleIds: [adminRole], firstName: 'Dora' }));
  carol = await login(await createUser(api, root, { tenantId: randomUUID(), firstName: 'Carol' }));
});
afterAll(async () => {
  await db?.end();
  await platform?.stop();
  if (server && ownDb) await admin(`DROP DATABASE IF EXISTS ${ownDb} WITH (FORCE)`);
});

function embeddedUrl(dataDir: string): string {
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3].trim();
  return `postgresql://postgres:postgres@127.0.0.1:${port}/dataplat`;
}
async function admin(sql: string) {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}
const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function createKey(token: string, body: Record<string, unknown> = {}): Promise<{ keyId: number; apiKey: string } & Record<string, any>> {
  const res = await api.post('/api/v1/api-keys', { name: 'ci', scopes: ['profile:read'], ...body }, { token });
  if (res.status !== 201) throw new Error(`createKey: ${res.status} ${res.text}`);
  return res.body;
}
const withKey = (key: string, headers: Record<string, string> = {}) => ({ headers: { 'x-api-key': key, ...headers } });
const me = (key: string, headers: Record<string, string> = {}): Promise<ApiResponse> => api.get('/api/v1/users/me', withKey(key, headers));

describe('managing keys', () => {
  it('creates a key: 201, the full key once, dpk_live_ format, 16-character prefix', async () => {
    const before = Date.now();
    const res = await api.post(
      '/api/v1/api-keys',
      { name: ' CI deploy ', description: 'pipeline', scopes: ['profile:read', 'api-keys:read', 'profile:read'], expirationDays: 30, ipWhitelist: ['10.0.0.0/8', '2001:DB8::/32'], rateLimit: 100 },
      { token: alice.token },
    );
    expect(res.status).toBe(201);
    const k = res.body;
    expect(k.apiKey).toMatch(/^dpk_live_[0-9A-Za-z]{43}$/);
    expect(k).toMatchObject({
      keyId: expect.any(Number), name: 'CI deploy', description: 'pipeline', prefix: k.apiKey.slice(0, 16), mode: 'LIVE', status: 'ACTIVE',
      scopes: ['api-keys:read', 'profile:read'], ipWhitelist: ['10.0.0.0/8', '2001:db8::/32'], rateLimit: 100, lastUsedAt: null, revokedAt: null, graceEndsAt: null,
    });
    const expires = Date.parse(k.expiresAt) - before;
    expect(expires).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(expires).toBeLessThan(30 * 86_400_000 + 60_000);
  });

  it('makes test-mode keys and defaults the expiry to 365 days and the limit to the platform', async () => {
    const k = await createKey(alice.token, { mode: 'TEST' });
    expect(k.apiKey).toMatch(/^dpk_test_/);
    expect(k).toMatchObject({ mode: 'TEST', rateLimit: null, ipWhitelist: [] });
    expect(Math.round((Date.parse(k.expiresAt) - Date.now()) / 86_400_000)).toBe(365);
  });

  it('never shows the secret again: not in the list, not in the key', async () => {
    const k = await createKey(alice.token, { name: 'listed' });
    const list = await api.get('/api/v1/api-keys?size=100', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toMatchObject({ page: 0, size: 100, total: expect.any(Number), hasPrevious: false });
    expect(list.body.data.map((x: any) => x.keyId)).toContain(k.keyId);
    expect(list.text).not.toContain(k.apiKey);
    expect(list.text).not.toContain('apiKey');
    const one = await api.get(`/api/v1/api-keys/${k.keyId}`, { token: alice.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ keyId: k.keyId, prefix: k.prefix, name: 'listed' });
    expect(one.body.apiKey).toBeUndefined();
    expect(one.text).not.toContain(k.apiKey);
  });

  it('paginates', async () => {
    const res = await api.get('/api/v1/api-keys?size=1&page=1&sort=name&order=desc', { token: alice.token });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.pagination).toMatchObject({ page: 1, size: 1, hasPrevious: true });
    expectEnvelope(await api.get('/api/v1/api-keys?sort=keyHash', { token: alice.token }), 400, 'DPF-API-001');
  });

  it.each([
    ['a scope that is not <resource>:<action>', { scopes: ['profile'] }, 'DPF-API-001', 'profile'],
    ['an upper-case scope', { scopes: ['Profile:read'] }, 'DPF-API-001', 'Profile:read'],
    ['a CIDR that does not parse', { ipWhitelist: ['10.0.0.0/8', '10.0.0.0/33'] }, 'DPF-API-001', '10.0.0.0/33'],
    ['a CIDR with host bits set', { ipWhitelist: ['10.1.0.0/8'] }, 'DPF-API-001', '10.1.0.0/8'],
    ['a hostname for a CIDR', { ipWhitelist: ['example.com'] }, 'DPF-API-001', 'example.com'],
    ['expirationDays 0', { expirationDays: 0 }, 'DPF-API-001', undefined],
    ['expirationDays 3651', { expirationDays: 3651 }, 'DPF-API-001', undefined],
    ['rateLimit 0', { rateLimit: 0 }, 'DPF-API-001', undefined],
    ['rateLimit 100001', { rateLimit: 100_001 }, 'DPF-API-001', undefined],
    ['no scopes', { scopes: [] }, 'DPF-API-001', undefined],
    ['an unknown mode', { mode: 'PROD' }, 'DPF-API-001', undefined],
    ['an unknown field', { owner: 'x' }, 'DPF-API-001', undefined],
  ])('refuses %s with 400', async (_name, patch, code, entry) => {
    const res = await api.post('/api/v1/api-keys', { name: 'bad', scopes: ['profile:read'], ...patch }, { token: alice.token });
    expectEnvelope(res, 400, code);
    if (entry) {
      expect(res.body.error.message).toContain(entry);
      expect(res.body.error.details.entry).toBe(entry);
    }
  });

  it("refuses scopes the owner's roles do not grant (400, naming them)", async () => {
    const res = await api.post('/api/v1/api-keys', { name: 'greedy', scopes: ['profile:read', 'users:read', 'roles:write'] }, { token: alice.token });
    expectEnvelope(res, 400, 'DPF-IAM-067');
    expect(res.body.error.details).toEqual({ scopes: ['roles:write', 'users:read'] });
    // An administrator holds them.
    expect((await api.post('/api/v1/api-keys', { name: 'admin', scopes: ['users:read', 'roles:write'] }, { token: dora.token })).status).toBe(201);
  });

  it('answers 401 without credentials on every management endpoint', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/api-keys'], ['GET', '/api/v1/api-keys'], ['GET', '/api/v1/api-keys/1'], ['DELETE', '/api/v1/api-keys/1'],
      ['POST', '/api/v1/api-keys/1/rotate'], ['GET', '/api/v1/api-keys/1/rotation-status'], ['POST', '/api/v1/api-keys/1/rotation/complete'],
    ]) {
      expectEnvelope(await api.request(method, path, method === 'POST' && path === '/api/v1/api-keys' ? { body: { name: 'x', scopes: ['profile:read'] } } : {}), 401, 'DPF-AUTH-001');
    }
  });

  it("keeps users apart: another user's key id is 404, in the same tenant or another", async () => {
    const k = await createKey(alice.token);
    for (const token of [bob.token, carol.token, dora.token]) {
      expectEnvelope(await api.get(`/api/v1/api-keys/${k.keyId}`, { token }), 404, 'DPF-IAM-066');
      expectEnvelope(await api.request('DELETE', `/api/v1/api-keys/${k.keyId}`, { token }), 404, 'DPF-IAM-066');
      expectEnvelope(await api.post(`/api/v1/api-keys/${k.keyId}/rotate`, undefined, { token }), 404, 'DPF-IAM-066');
      expectEnvelope(await api.get(`/api/v1/api-keys/${k.keyId}/rotation-status`, { token }), 404, 'DPF-IAM-066');
      expect((await api.get('/api/v1/api-keys?size=100', { token })).body.data.map((x: any) => x.keyId)).not.toContain(k.keyId);
    }
    expect((await me(k.apiKey)).status).toBe(200);
    expectEnvelope(await api.get('/api/v1/api-keys/not-a-number', { token: alice.token }), 400, 'DPF-API-001');
  });
});

describe('X-API-Key', () => {
  it('authenticates as the owner over REST and GraphQL', async () => {
    const k = await createKey(alice.token);
    const res = await me(k.apiKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: alice.id, tenantId: tenantA, firstName: 'Alice' });
    const gql = await api.graphql('{ me { id } }', undefined, withKey(k.apiKey));
    expect(gql.body).toEqual({ data: { me: { id: alice.id } } });
  });

  it('refuses unknown and malformed keys with 401', async () => {
    const unknown = `dpk_live_${'Z'.repeat(43)}`;
    expectEnvelope(await me(unknown), 401, 'DPF-IAM-060', 'Invalid API key');
    expectEnvelope(await me('not-a-key'), 401, 'DPF-IAM-060');
    const gql = await api.graphql('{ me { id } }', undefined, withKey(unknown));
    expect(gql.status).toBe(401);
    expect(gql.body.errors[0].extensions.code).toBe('DPF-IAM-060');
  });

  it('needs the scope a field lists: 403 without it, even for an administrator', async () => {
    const narrow = await createKey(dora.token, { scopes: ['profile:read'] });
    expectEnvelope(await api.get('/api/v1/users', withKey(narrow.apiKey)), 403, 'DPF-AUTH-007');
    const wide = await createKey(dora.token, { scopes: ['users:read'] });
    expect((await api.get('/api/v1/users', withKey(wide.apiKey))).status).toBe(200);
    // Nor the key endpoints, without api-keys:read.
    expectEnvelope(await api.get('/api/v1/api-keys', withKey(narrow.apiKey)), 403, 'DPF-AUTH-007');
  });

  it('lets a key manage keys only within its own scopes', async () => {
    const manager = await createKey(alice.token, { scopes: ['api-keys:read', 'api-keys:write', 'profile:read'] });
    const made = await api.post('/api/v1/api-keys', { name: 'child', scopes: ['profile:read'] }, withKey(manager.apiKey));
    expect(made.status).toBe(201);
    expectEnvelope(await api.post('/api/v1/api-keys', { name: 'child', scopes: ['profile:write'] }, withKey(manager.apiKey)), 400, 'DPF-IAM-067');
    expect((await api.get('/api/v1/api-keys', withKey(manager.apiKey))).status).toBe(200);
  });

  it('a revoked key stops working at once', async () => {
    const k = await createKey(alice.token);
    expect((await me(k.apiKey)).status).toBe(200);
    const res = await api.request('DELETE', `/api/v1/api-keys/${k.keyId}`, { token: alice.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectEnvelope(await me(k.apiKey), 401, 'DPF-IAM-061', 'API key has been revoked');
    expect((await api.request('DELETE', `/api/v1/api-keys/${k.keyId}`, { token: alice.token })).status).toBe(204);
    expect((await api.get(`/api/v1/api-keys/${k.keyId}`, { token: alice.token })).body).toMatchObject({ status: 'REVOKED', revokedAt: expect.any(String) });
  });

  it('an expired key is refused', async () => {
    const k = await createKey(alice.token);
    expect((await me(k.apiKey)).status).toBe(200);
    await db.query(`UPDATE identity.api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [k.keyId]);
    await db.query(`SELECT pg_notify('dataplat_api_key_changed', $1)`, [sha256(k.apiKey)]);
    await sleep(200);
    expectEnvelope(await me(k.apiKey), 401, 'DPF-IAM-062', 'API key has expired');
    expect((await api.get(`/api/v1/api-keys/${k.keyId}`, { token: alice.token })).body.status).toBe('EXPIRED');
  });

  it("a disabled owner's keys are refused", async () => {
    const user = await createUser(api, (await api.login(platform.adminEmail, platform.adminPassword)).accessToken, { tenantId: tenantA });
    const token = (await api.login(user.email, user.password)).accessToken;
    const k = await createKey(token);
    expect((await me(k.apiKey)).status).toBe(200);
    await db.query(`UPDATE identity.users SET enabled = false WHERE tenant_id = $1 AND id = $2`, [tenantA, user.id]);
    await db.query(`SELECT pg_notify('dataplat_api_key_changed', $1)`, [`user:${tenantA}:${user.id}`]);
    await sleep(200);
    expectEnvelope(await me(k.apiKey), 401, 'DPF-IAM-064');
  });

  it('records the last use (written behind, not per request)', async () => {
    const k = await createKey(alice.token);
    await me(k.apiKey, { 'x-forwarded-for': '198.51.100.7' });
    let seen: any;
    for (let i = 0; i < 40 && !seen?.lastUsedAt; i++) {
      await sleep(250);
      seen = (await api.get(`/api/v1/api-keys/${k.keyId}`, { token: alice.token })).body;
    }
    expect(seen).toMatchObject({ lastUsedAt: expect.any(String), lastUsedIp: '198.51.100.7' });
  });
});

describe('IP allow-list', () => {
  let key: string;
  beforeAll(async () => {
    key = (await createKey(alice.token, { ipWhitelist: ['10.0.0.0/8', '2001:db8::/32'] })).apiKey;
  });

  it.each(['10.1.2.3', '10.255.255.255', '::ffff:10.0.0.1', '2001:db8::1', '2001:db8:ffff::1'])('admits %s', async (ip) => {
    expect((await me(key, { 'x-forwarded-for': ip })).status).toBe(200);
  });

  it.each(['11.0.0.1', '192.168.1.1', '2001:db9::1', '::1'])('refuses %s with 403', async (ip) => {
    expectEnvelope(await me(key, { 'x-forwarded-for': ip }), 403, 'DPF-IAM-065');
  });

  it('refuses the direct peer (127.0.0.1) outside the list', async () => {
    expectEnvelope(await me(key), 403, 'DPF-IAM-065');
  });
});

describe('rotation', () => {
  it('rotate: both keys work during the grace period; the rotation is IN_PROGRESS', async () => {
    const old = await createKey(alice.token, { name: 'rotated', scopes: ['profile:read'], rateLimit: 50, ipWhitelist: ['0.0.0.0/0', '::/0'] });
    const res = await api.post(`/api/v1/api-keys/${old.keyId}/rotate`, undefined, { token: alice.token });
    expect(res.status).toBe(200);
    const { rotation, newKey } = res.body;
    expect(newKey.apiKey).toMatch(/^dpk_live_/);
    expect(newKey).toMatchObject({ name: 'rotated', scopes: ['profile:read'], rateLimit: 50, ipWhitelist: ['0.0.0.0/0', '::/0'], status: 'ACTIVE' });
    expect(rotation).toMatchObject({ oldKeyId: old.keyId, newKeyId: newKey.keyId, status: 'IN_PROGRESS', completedAt: null });
    expect(Date.parse(rotation.graceEndsAt) - Date.parse(rotation.startedAt)).toBe(GRACE_SECONDS * 1000);
    expect((await me(old.apiKey)).status).toBe(200);
    expect((await me(newKey.apiKey)).status).toBe(200);
    expect((await api.get(`/api/v1/api-keys/${old.keyId}`, { token: alice.token })).body).toMatchObject({ status: 'ROTATING', graceEndsAt: rotation.graceEndsAt });
    for (const id of [old.keyId, newKey.keyId]) {
      expect((await api.get(`/api/v1/api-keys/${id}/rotation-status`, { token: alice.token })).body).toEqual(rotation);
    }
    expectEnvelope(await api.post(`/api/v1/api-keys/${old.keyId}/rotate`, undefined, { token: alice.token }), 409, 'DPF-IAM-068');
    expectEnvelope(await api.post(`/api/v1/api-keys/${newKey.keyId}/rotate`, undefined, { token: alice.token }), 409, 'DPF-IAM-068');
  });

  it('complete (by the new key id): the old key is refused at once, the new one works', async () => {
    const old = await createKey(alice.token);
    const { body } = await api.post(`/api/v1/api-keys/${old.keyId}/rotate`, undefined, { token: alice.token });
    const done = await api.post(`/api/v1/api-keys/${body.newKey.keyId}/rotation/complete`, undefined, { token: alice.token });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: body.rotation.id, status: 'COMPLETED', completedAt: expect.any(String) });
    expectEnvelope(await me(old.apiKey), 401, 'DPF-IAM-061');
    expect((await me(body.newKey.apiKey)).status).toBe(200);
    expectEnvelope(await api.post(`/api/v1/api-keys/${old.keyId}/rotation/complete`, undefined, { token: alice.token }), 409, 'DPF-IAM-070');
    expect((await api.get(`/api/v1/api-keys/${old.keyId}/rotation-status`, { token: alice.token })).body.status).toBe('COMPLETED');
    // The new key can itself be rotated later.
    expect((await api.post(`/api/v1/api-keys/${body.newKey.keyId}/rotate`, undefined, { token: alice.token })).status).toBe(200);
  });

  it('complete also accepts the old key id', async () => {
    const old = await createKey(alice.token);
    const { body } = await api.post(`/api/v1/api-keys/${old.keyId}/rotate`, undefined, { token: alice.token });
    expect((await api.post(`/api/v1/api-keys/${old.keyId}/rotation/complete`, undefined, { token: alice.token })).body.status).toBe('COMPLETED');
    expectEnvelope(await me(old.apiKey), 401, 'DPF-IAM-061');
    expect((await me(body.newKey.apiKey)).status).toBe(200);
  });

  it('a rotation whose grace period ran out is EXPIRED and the old key fails', async () => {
    const old = await createKey(alice.token);
    const { body } = await api.post(`/api/v1/api-keys/${old.keyId}/rotate`, undefined, { token: alice.token });
    expect((await me(old.apiKey)).status).toBe(200);
    await sleep(Date.parse(body.rotation.graceEndsAt) - Date.now() + 300);
    expectEnvelope(await me(old.apiKey), 401, 'DPF-IAM-063');
    expect((await me(body.newKey.apiKey)).status).toBe(200);
    expect((await api.get(`/api/v1/api-keys/${old.keyId}/rotation-status`, { token: alice.token })).body).toMatchObject({ status: 'EXPIRED', completedAt: null });
    expectEnvelope(await api.post(`/api/v1/api-keys/${old.keyId}/rotation/complete`, undefined, { token: alice.token }), 409, 'DPF-IAM-070');
    expect((await api.get(`/api/v1/api-keys/${old.keyId}`, { token: alice.token })).body.status).toBe('REVOKED');
  });

  it('refuses rotating a revoked key (409) and answers 404 for a key never rotated', async () => {
    const k = await createKey(alice.token);
    expectEnvelope(await api.get(`/api/v1/api-keys/${k.keyId}/rotation-status`, { token: alice.token }), 404, 'DPF-IAM-069');
    expectEnvelope(await api.post(`/api/v1/api-keys/${k.keyId}/rotation/complete`, undefined, { token: alice.token }), 409, 'DPF-IAM-070');
    await api.request('DELETE', `/api/v1/api-keys/${k.keyId}`, { token: alice.token });
    expectEnvelope(await api.post(`/api/v1/api-keys/${k.keyId}/rotate`, undefined, { token: alice.token }), 409, 'DPF-IAM-068');
  });
});

describe('per-key rate limit', () => {
  it('allows rateLimit requests a minute, then 429 with Retry-After; X-RateLimit-Limit is the key limit', async () => {
    const limited = await createKey(alice.token, { rateLimit: 3 });
    const other = await createKey(alice.token);
    // Stay inside one fixed 60-second window.
    const intoWindow = (Date.now() / 1000) % 60;
    if (intoWindow > 50) await sleep((61 - intoWindow) * 1000);
    const responses = [];
    for (let i = 0; i < 4; i++) responses.push(await me(limited.apiKey));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(responses.map((r) => r.headers.get('x-ratelimit-limit'))).toEqual(['3', '3', '3', '3']);
    expect(responses.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    expectEnvelope(responses[3], 429, 'DPF-API-007');
    expect(Number(responses[3].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(responses[3].headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Other keys and the owner's own token have their own buckets.
    const fine = await me(other.apiKey);
    expect(fine.status).toBe(200);
    expect(fine.headers.get('x-ratelimit-limit')).toBe('5000');
    expect((await api.get('/api/v1/users/me', { token: alice.token })).status).toBe(200);
  });
});
