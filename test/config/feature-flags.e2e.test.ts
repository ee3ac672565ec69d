import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { PLATFORM_TENANT } from '../harness/factories';
import { twoTenantFixture, userWithRoles, type Session, type TwoTenantFixture } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';

/** Spec 2 "Configuration service": feature flags, their evaluation and rollouts. */
let platform: TestPlatform;
let api: ApiClient;
let root: string;
let t: TwoTenantFixture;
let memberB: Session;
const tenantA = randomUUID();
const tenantB = randomUUID();
const key = (p: string) => `${p}-${randomUUID().slice(0, 8)}`;

const EVALUATE = 'query($key: String!, $context: FlagContextInput) { evaluateFeatureFlag(key: $key, context: $context) { key enabled reason ruleIndex variant { name payload } } }';
const evaluate = async (token: string, flagKey: string, context?: Record<string, unknown>) => {
  const res = await api.graphql(EVALUATE, { key: flagKey, context }, { token });
  if (res.body.errors) return { error: res.body.errors[0].extensions.code as string };
  return res.body.data.evaluateFeatureFlag;
};

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
  t = await twoTenantFixture(api, root, tenantA, tenantB);
  memberB = await userWithRoles(api, root, tenantB);
});
afterAll(() => platform?.stop());

describe('feature flag CRUD', () => {
  it('creates, reads, updates and deletes a flag of the tenant', async () => {
    const k = key('checkout');
    const created = await api.post('/api/v1/feature-flags', { key: k, description: 'new checkout', enabled: true, rules: [{ roles: ['ADMIN'] }] }, { token: t.adminA.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      key: k, name: k, enabled: true, platformWide: false, tenantId: tenantA, createdBy: t.adminA.id,
      rules: [{ name: null, percentage: 100, stickiness: 'userId', groupId: null, tenantIds: [], userIds: [], roles: ['ADMIN'], constraints: [] }],
      variants: [],
    });
    expect((await api.get(`/api/v1/feature-flags/${k}`, { token: t.member.token })).body.key).toBe(k);
    const updated = await api.request('PUT', `/api/v1/feature-flags/${k}`, { token: t.adminA.token, body: { enabled: false, variants: [{ name: 'a', weight: 1000 }] } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ enabled: false, description: 'new checkout', rules: [{ roles: ['ADMIN'] }], variants: [{ name: 'a', weight: 1000, payload: null, stickiness: 'userId' }] });
    const deleted = await api.request('DELETE', `/api/v1/feature-flags/${k}`, { token: t.adminA.token });
    expect(deleted.status).toBe(204);
    expectEnvelope(await api.get(`/api/v1/feature-flags/${k}`, { token: t.adminA.token }), 404, 'DPF-CFG-004');
    expectEnvelope(await api.request('DELETE', `/api/v1/feature-flags/${k}`, { token: t.adminA.token }), 404, 'DPF-CFG-004');
    expectEnvelope(await api.request('PUT', `/api/v1/feature-flags/${k}`, { token: t.adminA.token, body: { enabled: true } }), 404, 'DPF-CFG-004');
  });

  it('refuses a duplicate key (409) and bad definitions (400) without storing anything', async () => {
    const k = key('dup');
    expect((await api.post('/api/v1/feature-flags', { key: k }, { token: t.adminA.token })).status).toBe(201);
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: k }, { token: t.adminA.token }), 409, 'DPF-CFG-005');
    // The same key in another tenant is another flag.
    expect((await api.post('/api/v1/feature-flags', { key: k }, { token: t.adminB.token })).status).toBe(201);
    const bad = key('bad');
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: bad, variants: [{ name: 'a', weight: 600 }] }, { token: t.adminA.token }), 400, 'DPF-CFG-006');
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: bad, rules: [{ percentage: 120 }] }, { token: t.adminA.token }), 400, 'DPF-CFG-006');
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: bad, rules: [{ constraints: [{ contextName: 'appVersion', operator: 'SEMVER_GT', values: ['1.x'] }] }] }, { token: t.adminA.token }), 400, 'DPF-CFG-006');
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: bad, rules: [{ constraints: [{ contextName: 'ip', operator: 'CIDR_MATCH', values: ['300.0.0.0/8'] }] }] }, { token: t.adminA.token }), 400, 'DPF-CFG-006');
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: bad, rules: [{ constraints: [{ contextName: 'x', operator: 'LIKE', values: ['a'] }] }] }, { token: t.adminA.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: 'no spaces allowed' }, { token: t.adminA.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.request('PUT', `/api/v1/feature-flags/${k}`, { token: t.adminA.token, body: { variants: [{ name: 'a', weight: 10 }] } }), 400, 'DPF-CFG-006');
    const rows = await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM config.feature_flags WHERE key = $1', [bad]);
    expect(rows[0].n).toBe(0);
  });

  it('keeps writes to administrators (403) and every call to authenticated callers (401)', async () => {
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: key('x') }, { token: t.member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: key('x') }), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get('/api/v1/feature-flags'), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get('/api/v1/feature-flags/anything'), 401, 'DPF-AUTH-001');
    const adminOfPlatformTenant = await userWithRoles(api, root, PLATFORM_TENANT, ['ADMIN']);
    expectEnvelope(await api.post('/api/v1/feature-flags', { key: key('x') }, { token: adminOfPlatformTenant.token }), 403, 'DPF-CFG-003');
  });

  it('lists the tenant flags and the platform-wide ones; a tenant flag shadows a platform flag of its key', async () => {
    const shared = key('shared');
    const own = key('own');
    expect((await api.post('/api/v1/feature-flags', { key: shared, enabled: true }, { token: root })).body.platformWide).toBe(true);
    await api.post('/api/v1/feature-flags', { key: own }, { token: t.adminA.token });
    await api.post('/api/v1/feature-flags', { key: shared, enabled: false }, { token: t.adminA.token });
    const all = async (token: string) => {
      const res = await api.get('/api/v1/feature-flags?size=100', { token });
      expect(res.status).toBe(200);
      return res.body.data as Array<{ key: string; tenantId: string; enabled: boolean }>;
    };
    const a = await all(t.member.token);
    expect(a.filter((f) => f.key === shared)).toEqual([expect.objectContaining({ tenantId: tenantA, enabled: false })]);
    expect(a.map((f) => f.key)).toContain(own);
    const b = await all(memberB.token);
    expect(b.filter((f) => f.key === shared)).toEqual([expect.objectContaining({ tenantId: PLATFORM_TENANT, enabled: true })]);
    expect(b.map((f) => f.key)).not.toContain(own);
    expectEnvelope(await api.get(`/api/v1/feature-flags/${own}`, { token: memberB.token }), 404, 'DPF-CFG-004');
    expectEnvelope(await api.request('DELETE', `/api/v1/feature-flags/${shared}`, { token: t.adminB.token }), 404, 'DPF-CFG-004');
    const page = await api.get('/api/v1/feature-flags?size=1&page=0', { token: t.member.token });
    expect(page.body.pagination).toMatchObject({ page: 0, size: 1, hasNext: true, hasPrevious: false });
  });
});

describe('evaluation for the caller (GraphQL evaluateFeatureFlag)', () => {
  it('targets roles, tenants and users from the credentials', async () => {
    const k = key('targeted');
    await api.post('/api/v1/feature-flags', { key: k, enabled: true, rules: [{ roles: ['ADMIN'] }, { userIds: [memberB.id] }, { tenantIds: [tenantB], percentage: 0 }] }, { token: root });
    expect(await evaluate(t.adminA.token, k)).toMatchObject({ enabled: true, reason: 'RULE_MATCH', ruleIndex: 0 });
    expect(await evaluate(t.member.token, k)).toMatchObject({ enabled: false, reason: 'NO_MATCH' });
    expect(await evaluate(memberB.token, k)).toMatchObject({ enabled: true, ruleIndex: 1 });
    // The context cannot claim another user: userId is not an input field.
    expect(await evaluate(t.member.token, k, { userId: memberB.id })).toEqual({ error: 'DPF-API-001' });
  });

  it('applies constraints: semver, CIDR on the client address, custom properties', async () => {
    const k = key('constrained');
    await api.post('/api/v1/feature-flags', {
      key: k, enabled: true,
      rules: [{ constraints: [
        { contextName: 'appVersion', operator: 'SEMVER_GT', values: ['2.0.0'] },
        { contextName: 'remoteAddress', operator: 'CIDR_MATCH', values: ['10.0.0.0/8', '127.0.0.0/8'] },
        { contextName: 'plan', operator: 'IN', values: ['PRO', 'ENTERPRISE'], caseInsensitive: true },
      ] }],
      variants: [{ name: 'blue', weight: 1000, payload: '{"color":"blue"}' }],
    }, { token: t.adminA.token });
    expect(await evaluate(t.member.token, k, { properties: { appVersion: '2.1.0', plan: 'pro' } })).toMatchObject({ enabled: true, variant: { name: 'blue', payload: '{"color":"blue"}' } });
    expect(await evaluate(t.member.token, k, { properties: { appVersion: '1.9.9', plan: 'pro' } })).toMatchObject({ enabled: false, variant: null });
    expect(await evaluate(t.member.token, k, { remoteAddress: '192.168.0.1', properties: { appVersion: '2.1.0', plan: 'pro' } })).toMatchObject({ enabled: false });
    expect(await evaluate(t.member.token, k, { properties: { appVersion: '2.1.0', plan: 'free' } })).toMatchObject({ enabled: false });
    expect(await evaluate(memberB.token, k)).toEqual({ error: 'DPF-CFG-004' });
  });

  it('is off for everyone when the kill switch is off, whatever the rules', async () => {
    const k = key('killed');
    await api.post('/api/v1/feature-flags', { key: k, enabled: false }, { token: t.adminA.token });
    expect(await evaluate(t.adminA.token, k)).toMatchObject({ enabled: false, reason: 'DISABLED' });
  });
});

describe('percentage rollout', () => {
  const k = `rollout-${randomUUID().slice(0, 8)}`;
  const ids = Array.from({ length: 1000 }, (_, i) => `device-${i}`);
  /** One GraphQL request per 25 ids (aliases, within GRAPHQL_MAX_ALIASES), the stickiness field a custom property. */
  const answers = async (baseUrl: string, token: string): Promise<boolean[]> => {
    const client = new ApiClient(baseUrl);
    const out: boolean[] = [];
    for (let i = 0; i < ids.length; i += 25) {
      const chunk = ids.slice(i, i + 25);
      const query = `query($key: String!) { ${chunk.map((id, j) => `e${j}: evaluateFeatureFlag(key: $key, context: { properties: { deviceId: "${id}" } }) { enabled }`).join(' ')} }`;
      const res = await client.graphql(query, { key: k }, { token });
      expect(res.body.errors).toBeUndefined();
      out.push(...chunk.map((_, j) => res.body.data[`e${j}`].enabled as boolean));
    }
    return out;
  };

  it('puts 30 % of 1000 ids in (±4.5 points) and gives each id the same answer after a restart', async () => {
    await api.post('/api/v1/feature-flags', { key: k, enabled: true, rules: [{ percentage: 30, stickiness: 'deviceId' }] }, { token: t.adminA.token });
    const before = await answers(platform.baseUrl, t.member.token);
    const share = before.filter(Boolean).length / ids.length;
    expect(share).toBeGreaterThan(0.255);
    expect(share).toBeLessThan(0.345);
    await platform.restart();
    const again = await new ApiClient(platform.baseUrl).login(t.member.email, t.member.password);
    expect(await answers(platform.baseUrl, again.accessToken)).toEqual(before);
  });
});
