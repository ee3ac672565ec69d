import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ApiClient, expectEnvelope } from '../harness/client';
import { PLATFORM_TENANT } from '../harness/factories';
import { startIdentityPlatform, twoTenantFixture, userWithRoles, type IdentityPlatform, type Session, type TwoTenantFixture } from '../harness/identity-factories';

/** Spec 2 "Configuration service": Spring Cloud Config environments, versions, refresh. */
let env: IdentityPlatform;
let api: ApiClient;
let root: string;
let t: TwoTenantFixture;
let memberB: Session;
const tenantA = randomUUID();
const tenantB = randomUUID();
const app = `orders-${randomUUID().slice(0, 8)}`;

const put = (path: string, body: unknown, token?: string) => api.request('PUT', path, { token, body });

beforeAll(async () => {
  env = await startIdentityPlatform((u) => new ApiClient(u));
  ({ api, rootToken: root } = env);
  t = await twoTenantFixture(api, root, tenantA, tenantB);
  memberB = await userWithRoles(api, root, tenantB);
});
afterAll(() => env?.stop());

describe('GET /api/v1/config/{application}/{profile}[/{label}]', () => {
  let revisions: Record<string, string>;

  beforeAll(async () => {
    revisions = {};
    const w = async (name: string, path: string, properties: Record<string, unknown>, token: string) => {
      const res = await put(path, { properties, comment: name }, token);
      expect(res.status).toBe(200);
      revisions[name] = res.body.revision;
    };
    await w('shared', '/api/v1/config/application', { 'server.port': 8080, 'log.level': 'info', 'shared.only': true }, root);
    await w('base', `/api/v1/config/${app}`, { 'db.pool': 10, 'log.level': 'warn' }, root);
    await w('dev', `/api/v1/config/${app}/dev`, { 'db.url': 'jdbc:postgresql://dev/orders', 'db.pool': 2 }, root);
    await w('eu', `/api/v1/config/${app}/eu`, { 'db.url': 'jdbc:postgresql://eu/orders', region: 'eu-west-1' }, root);
    await w('tenantDev', `/api/v1/config/${app}/dev`, { 'db.pool': 4 }, t.adminA.token);
  });

  it('returns the Spring Cloud Config environment, highest precedence first, tenant over platform', async () => {
    const res = await api.get(`/api/v1/config/${app}/dev`, { token: t.member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: app,
      profiles: ['dev'],
      label: expect.any(String),
      version: revisions.tenantDev,
      state: null,
      propertySources: [
        { name: `dataplat:tenant/${tenantA}/${app}-dev`, source: { 'db.pool': 4 } },
        { name: `dataplat:platform/${app}-dev`, source: { 'db.url': 'jdbc:postgresql://dev/orders', 'db.pool': 2 } },
        { name: `dataplat:platform/${app}`, source: { 'db.pool': 10, 'log.level': 'warn' } },
        { name: 'dataplat:platform/application', source: { 'server.port': 8080, 'log.level': 'info', 'shared.only': true } },
      ],
    });
    expect(BigInt(res.body.label)).toBeGreaterThanOrEqual(BigInt(revisions.tenantDev));
  });

  it('orders a comma list of profiles so that the last one wins', async () => {
    const res = await api.get(`/api/v1/config/${app}/dev,eu`, { token: memberB.token });
    expect(res.body.profiles).toEqual(['dev', 'eu']);
    expect(res.body.propertySources.map((s: { name: string }) => s.name)).toEqual([
      `dataplat:platform/${app}-eu`, `dataplat:platform/${app}-dev`, `dataplat:platform/${app}`, 'dataplat:platform/application',
    ]);
  });

  it('keeps a tenant override from other tenants', async () => {
    const res = await api.get(`/api/v1/config/${app}/dev`, { token: memberB.token });
    expect(res.body.propertySources[0]).toEqual({ name: `dataplat:platform/${app}-dev`, source: { 'db.url': 'jdbc:postgresql://dev/orders', 'db.pool': 2 } });
  });

  it('serves a label: the configuration as it was at that revision', async () => {
    const res = await api.get(`/api/v1/config/${app}/dev/${revisions.dev}`, { token: t.member.token });
    expect(res.status).toBe(200);
    expect(res.body.label).toBe(revisions.dev);
    expect(res.body.version).toBe(revisions.dev);
    expect(res.body.propertySources.map((s: { name: string }) => s.name)).toEqual([`dataplat:platform/${app}-dev`, `dataplat:platform/${app}`, 'dataplat:platform/application']);
    expect((await api.get(`/api/v1/config/${app}/dev/latest`, { token: t.member.token })).body.version).toBe(revisions.tenantDev);
  });

  it('answers 404 DPF-CFG-001 for a label that names no visible revision', async () => {
    expectEnvelope(await api.get(`/api/v1/config/${app}/dev/999999999`, { token: t.member.token }), 404, 'DPF-CFG-001');
    expectEnvelope(await api.get(`/api/v1/config/${app}/dev/main`, { token: t.member.token }), 404, 'DPF-CFG-001');
    // Tenant A's revision is not a label tenant B can use.
    expectEnvelope(await api.get(`/api/v1/config/${app}/dev/${revisions.tenantDev}`, { token: memberB.token }), 404, 'DPF-CFG-001');
  });

  it('answers an application nobody configured with the shared sources only', async () => {
    const res = await api.get(`/api/v1/config/nobody-${randomUUID().slice(0, 6)}/prod`, { token: memberB.token });
    expect(res.status).toBe(200);
    expect(res.body.propertySources.map((s: { name: string }) => s.name)).toEqual(['dataplat:platform/application']);
  });

  it('refuses bad names with 400 DPF-CFG-002, and callers without a token with 401', async () => {
    expectEnvelope(await api.get(`/api/v1/config/${app}/dev,,eu`, { token: t.member.token }), 400, 'DPF-CFG-002');
    expectEnvelope(await api.get(`/api/v1/config/bad%24name/dev`, { token: t.member.token }), 400, 'DPF-CFG-002');
    expectEnvelope(await api.get(`/api/v1/config/${app}/dev`), 401, 'DPF-AUTH-001');
  });
});

describe('PUT /api/v1/config/{application}[/{profile}] (writes, versions)', () => {
  it('keeps every version with the keys it changed, in the history', async () => {
    const a = `hist-${randomUUID().slice(0, 8)}`;
    const v1 = await put(`/api/v1/config/${a}/prod`, { properties: { x: 1, y: 'a' } }, t.adminA.token);
    const v2 = await put(`/api/v1/config/${a}/prod`, { properties: { x: 1, y: 'b', z: false }, comment: 'second' }, t.adminA.token);
    expect(v1.body).toMatchObject({ application: a, profile: 'prod', scope: 'tenant', tenantId: tenantA, changedKeys: ['x', 'y'], author: t.adminA.id });
    expect(v2.body).toMatchObject({ changedKeys: ['y', 'z'], comment: 'second' });
    const history = await api.get(`/api/v1/config-history/${a}/prod?size=10`, { token: t.adminA.token });
    expect(history.status).toBe(200);
    expect(history.body.data.map((v: { revision: string }) => v.revision)).toEqual([v2.body.revision, v1.body.revision]);
    expect(history.body.pagination).toMatchObject({ page: 0, size: 10, total: 2 });
    // Another tenant sees none of it.
    expect((await api.get(`/api/v1/config-history/${a}/prod`, { token: t.adminB.token })).body.pagination.total).toBe(0);
  });

  it('stores nothing when the body is bad (400), and refuses non-admins (403)', async () => {
    const a = `bad-${randomUUID().slice(0, 8)}`;
    expectEnvelope(await put(`/api/v1/config/${a}/prod`, { properties: { nested: { no: 1 } } }, t.adminA.token), 400, 'DPF-CFG-002');
    expectEnvelope(await put(`/api/v1/config/${a}/prod`, { properties: { 'white space': 1 } }, t.adminA.token), 400, 'DPF-CFG-002');
    expectEnvelope(await put(`/api/v1/config/${a}/prod`, { properties: {}, extra: 1 }, t.adminA.token), 400, 'DPF-API-001');
    expectEnvelope(await put(`/api/v1/config/${a}/prod`, { properties: { ok: 1 } }, t.member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await put(`/api/v1/config/${a}/prod`, { properties: { ok: 1 } }), 401, 'DPF-AUTH-001');
    const rows = await env.db.query('SELECT count(*)::int AS n FROM config.property_set_versions WHERE application = $1', [a]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('lets only platform admins change platform-wide configuration (403 DPF-CFG-003)', async () => {
    const platformAdminOnlyAdmin = await userWithRoles(api, root, PLATFORM_TENANT, ['ADMIN']);
    expectEnvelope(await put('/api/v1/config/application', { properties: { hijack: true } }, platformAdminOnlyAdmin.token), 403, 'DPF-CFG-003');
    // A platform admin acting in tenant B (X-Tenant-ID) writes tenant B's override.
    const res = await api.request('PUT', `/api/v1/config/${app}/dev`, { token: root, body: { properties: { 'b.only': 'yes' } }, headers: { 'x-tenant-id': tenantB } });
    expect(res.body).toMatchObject({ scope: 'tenant', tenantId: tenantB });
    const seen = await api.get(`/api/v1/config/${app}/dev`, { token: memberB.token });
    expect(seen.body.propertySources[0]).toEqual({ name: `dataplat:tenant/${tenantB}/${app}-dev`, source: { 'b.only': 'yes' } });
  });
});

describe('POST /api/v1/config/refresh', () => {
  it('returns the keys changed since the last refresh and announces them with NOTIFY', async () => {
    const listener = new pg.Client({ connectionString: env.platform.databaseUrl });
    await listener.connect();
    const received: string[] = [];
    listener.on('notification', (n) => received.push(n.payload ?? ''));
    await listener.query('LISTEN dataplat_config_refresh');
    try {
      await api.post('/api/v1/config/refresh', {}, { token: t.adminA.token }); // settle earlier writes
      const a = `refresh-${randomUUID().slice(0, 8)}`;
      await put(`/api/v1/config/${a}`, { properties: { 'feature.x': true, timeout: 30 } }, t.adminA.token);
      const res = await api.post('/api/v1/config/refresh', undefined, { token: t.adminA.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ keys: ['feature.x', 'timeout'], applications: [a], previousRevision: expect.any(String) });
      const again = await api.post('/api/v1/config/refresh', { applications: [a] }, { token: t.adminA.token });
      expect(again.body).toMatchObject({ keys: [], applications: [], previousRevision: res.body.revision });
      await new Promise((r) => setTimeout(r, 200));
      const mine = received.map((p) => JSON.parse(p)).filter((p) => p.tenantId === tenantA);
      expect(mine).toContainEqual({ tenantId: tenantA, revision: res.body.revision, keys: ['feature.x', 'timeout'], applications: [a], truncated: false });
    } finally {
      await listener.end();
    }
  });

  it('is for administrators only; tenant B refreshes apart from tenant A', async () => {
    expectEnvelope(await api.post('/api/v1/config/refresh', {}, { token: t.member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post('/api/v1/config/refresh', {}), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post('/api/v1/config/refresh', { applications: ['bad name'] }, { token: t.adminB.token }), 400, 'DPF-API-001');
    const b = await api.post('/api/v1/config/refresh', {}, { token: t.adminB.token });
    expect(b.status).toBe(200);
    expect(b.body.keys).not.toContain('feature.x');
  });
});
