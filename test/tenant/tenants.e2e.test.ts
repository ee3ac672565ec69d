import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { eventually, query } from '../harness/database';
import { createUser, PLATFORM_TENANT } from '../harness/factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, tenantAdminSession, uniqueSlug, type ProvisionedTenant } from '../harness/tenant-factories';

/** Tenants (spec 2, tenant service): provisioning, reads, updates, the state machine. */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const auth = (token: string) => ({ token });

describe('POST /api/v1/tenants (provision)', () => {
  it('creates an ACTIVE tenant with its first administrator in identity', async () => {
    const slug = uniqueSlug();
    const res = await api.post(
      '/api/v1/tenants',
      { name: 'Acme Corp', slug, plan: 'ENTERPRISE', region: 'us-east-1', adminEmail: `Boss-${slug}@E2E.test`, settings: { maxUsers: 50, gpuEnabled: true } },
      auth(root),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Acme Corp', slug, plan: 'ENTERPRISE', tier: 'enterprise', region: 'us-east-1', adminEmail: `boss-${slug}@e2e.test`,
      status: 'ACTIVE', settings: { maxUsers: 50, maxConnectors: null, gpuEnabled: true, dedicatedIngress: false },
      adminUserId: expect.stringMatching(/^[0-9a-f-]{36}$/), adminTemporaryPassword: expect.any(String), activatedAt: expect.any(String),
    });
    // The administrator is an identity user of the new tenant, with the ADMIN role, who must change the password.
    const login = await api.post('/api/v1/auth/login', { email: res.body.adminEmail, password: res.body.adminTemporaryPassword, tenantSlug: slug });
    expect(login.status).toBe(200);
    expect(login.body.passwordChangeRequired).toBe(true);
    expect(login.body.user).toMatchObject({ id: res.body.adminUserId, tenantId: res.body.id, roles: ['ADMIN'] });
    // Its status history starts with provisioning.
    const rows = await query(platform.databaseUrl, 'SELECT from_status, to_status FROM tenant.tenant_status_changes WHERE tenant_id = $1 ORDER BY id', [res.body.id]);
    expect(rows).toEqual([{ from_status: null, to_status: 'PROVISIONING' }, { from_status: 'PROVISIONING', to_status: 'ACTIVE' }]);
  });

  it('derives the rate-limit tier from the plan unless one is given', async () => {
    expect((await provisionTenant(api, root, { plan: 'FREE' })).body.tier).toBe('free');
    expect((await provisionTenant(api, root, { plan: 'PROFESSIONAL' })).body.tier).toBe('professional');
    expect((await provisionTenant(api, root, { plan: 'STARTER', tier: 'enterprise' })).body.tier).toBe('enterprise');
  });

  it('refuses a slug that is taken or reserved (409)', async () => {
    const t = await provisionTenant(api, root);
    expectEnvelope(await api.post('/api/v1/tenants', { name: 'x', slug: t.slug, plan: 'FREE', region: 'eu-west-1', adminEmail: 'x@e2e.test' }, auth(root)), 409, 'DPF-TEN-002');
    expectEnvelope(await api.post('/api/v1/tenants', { name: 'x', slug: 'platform', plan: 'FREE', region: 'eu-west-1', adminEmail: 'x@e2e.test' }, auth(root)), 409, 'DPF-TEN-002');
  });

  it.each([
    ['a bad slug', { slug: 'Not A Slug' }],
    ['a one-letter slug', { slug: 'a' }],
    ['an unknown plan', { plan: 'GOLD' }],
    ['an unknown tier', { tier: 'platinum' }],
    ['a bad e-mail', { adminEmail: 'nope' }],
    ['a blank name', { name: '' }],
    ['a bad region', { region: 'EU WEST' }],
    ['negative maxUsers', { settings: { maxUsers: -1 } }],
    ['an unknown field', { colour: 'red' }],
  ])('refuses %s (400) and writes nothing', async (_what, change) => {
    const slug = uniqueSlug();
    const res = await api.post('/api/v1/tenants', { name: 'x', slug, plan: 'FREE', region: 'eu-west-1', adminEmail: `a-${slug}@e2e.test`, ...change }, auth(root));
    expectEnvelope(res, 400, 'DPF-API-001');
    expect(await query(platform.databaseUrl, 'SELECT id FROM tenant.tenants WHERE slug = $1', [slug])).toEqual([]);
  });

  it('requires a platform administrator (401, 403)', async () => {
    const body = { name: 'x', slug: uniqueSlug(), plan: 'FREE', region: 'eu-west-1', adminEmail: 'x@e2e.test' };
    expectEnvelope(await api.post('/api/v1/tenants', body), 401, 'DPF-AUTH-001');
    const t = await provisionTenant(api, root);
    const admin = await tenantAdminSession(api, t);
    expectEnvelope(await api.post('/api/v1/tenants', body, auth(admin.token)), 403, 'DPF-AUTH-007');
  });
});

describe('reading tenants', () => {
  let a: ProvisionedTenant;
  let b: ProvisionedTenant;
  let adminA: string;
  beforeAll(async () => {
    a = await provisionTenant(api, root);
    b = await provisionTenant(api, root);
    adminA = (await tenantAdminSession(api, a)).token;
  });

  it('GET /tenants/{id}: platform admin any, tenant admin their own; others are 404', async () => {
    const byRoot = await api.get(`/api/v1/tenants/${b.id}`, auth(root));
    expect(byRoot.status).toBe(200);
    expect(byRoot.body).toMatchObject({ id: b.id, slug: b.slug, status: 'ACTIVE' });
    expect(byRoot.body.adminTemporaryPassword).toBeUndefined();
    expect((await api.get(`/api/v1/tenants/${a.id}`, auth(adminA))).body.id).toBe(a.id);
    expectEnvelope(await api.get(`/api/v1/tenants/${b.id}`, auth(adminA)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`/api/v1/tenants/${randomUUID()}`, auth(root)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get('/api/v1/tenants/not-a-uuid', auth(root)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}`), 401, 'DPF-AUTH-001');
  });

  it('GET /tenants/{id} needs an administrator (403 for a plain user of the tenant)', async () => {
    const user = await createUser(api, adminA, { tenantId: a.id });
    const session = await api.login(user.email, user.password);
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}`, auth(session.accessToken)), 403, 'DPF-AUTH-007');
  });

  it('GET /tenants lists every tenant for a platform admin, with filters and pagination', async () => {
    const res = await api.get('/api/v1/tenants?size=2&page=0', auth(root));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.pagination).toMatchObject({ page: 0, size: 2, hasPrevious: false });
    expect(res.body.pagination.total).toBeGreaterThanOrEqual(2);
    const free = await api.get('/api/v1/tenants?plan=FREE&size=100', auth(root));
    expect(free.body.data.every((t: any) => t.plan === 'FREE')).toBe(true);
    expectEnvelope(await api.get('/api/v1/tenants?status=SLEEPING', auth(root)), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/tenants', auth(adminA)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get('/api/v1/tenants'), 401, 'DPF-AUTH-001');
  });
});

describe('PUT /api/v1/tenants/{id}', () => {
  it('lets the tenant admin change the name only; plan, tier, region and limits are the platform admin\'s', async () => {
    const t = await provisionTenant(api, root, { settings: { maxUsers: 10, maxConnectors: 3 } });
    const admin = await tenantAdminSession(api, t);
    const res = await api.request('PUT', `/api/v1/tenants/${t.id}`, { token: admin.token, body: { name: 'Renamed' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', settings: { maxUsers: 10, maxConnectors: 3, gpuEnabled: false, dedicatedIngress: false } });
    for (const body of [{ plan: 'ENTERPRISE' }, { tier: 'enterprise' }, { region: 'us-east-1' }, { settings: { maxConnectors: 1000 } }]) {
      expectEnvelope(await api.request('PUT', `/api/v1/tenants/${t.id}`, { token: admin.token, body }), 403, 'DPF-AUTH-007');
    }
    const merged = await api.request('PUT', `/api/v1/tenants/${t.id}`, { token: root, body: { settings: { gpuEnabled: true } } });
    expect(merged.body.settings).toEqual({ maxUsers: 10, maxConnectors: 3, gpuEnabled: true, dedicatedIngress: false });
    const byRoot = await api.request('PUT', `/api/v1/tenants/${t.id}`, { token: root, body: { plan: 'ENTERPRISE', tier: 'enterprise' } });
    expect(byRoot.body).toMatchObject({ plan: 'ENTERPRISE', tier: 'enterprise', name: 'Renamed' });
    expectEnvelope(await api.request('PUT', `/api/v1/tenants/${t.id}`, { token: root, body: { plan: 'GOLD' } }), 400, 'DPF-API-001');
  });

  it('keeps another tenant out of reach (404) and refuses anonymous callers (401)', async () => {
    const t = await provisionTenant(api, root);
    const other = await provisionTenant(api, root);
    const admin = await tenantAdminSession(api, other);
    expectEnvelope(await api.request('PUT', `/api/v1/tenants/${t.id}`, { token: admin.token, body: { name: 'hijack' } }), 404, 'DPF-TEN-001');
    expectEnvelope(await api.request('PUT', `/api/v1/tenants/${t.id}`, { body: { name: 'x' } }), 401, 'DPF-AUTH-001');
    expect((await api.get(`/api/v1/tenants/${t.id}`, auth(root))).body.name).toBe(t.body.name);
  });
});

/** Waits (at most 2 s) until the edge answers `status` to the token on GET /users/me. */
const statusSeen = (token: string, status: number) =>
  eventually(async () => ((await api.get('/api/v1/users/me', auth(token))).status === status ? true : undefined), 2_000);

describe('suspension', () => {
  it('shuts the tenant\'s users out of login, refresh and every API until activation', async () => {
    const t = await provisionTenant(api, root);
    const admin = await tenantAdminSession(api, t);
    expect((await api.get('/api/v1/users/me', auth(admin.token))).status).toBe(200);
    const key = await api.post('/api/v1/api-keys', { name: 'ci', scopes: ['profile:read'] }, auth(admin.token));
    expect(key.status).toBe(201);
    const apiKey = { headers: { 'x-api-key': key.body.apiKey } };
    expect((await api.get('/api/v1/users/me', apiKey)).status).toBe(200);

    const suspended = await api.post(`/api/v1/tenants/${t.id}/suspend`, { reason: 'unpaid invoices' }, auth(root));
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ status: 'SUSPENDED', statusReason: 'unpaid invoices', suspendedAt: expect.any(String) });
    // The edge hears of the change by NOTIFY when it commits (milliseconds later), well before its
    // cached status would expire (30 s): allow the notification a moment to arrive.
    await statusSeen(admin.token, 403);

    expectEnvelope(await api.get('/api/v1/users/me', auth(admin.token)), 403, 'DPF-TEN-004');
    expectEnvelope(await api.get('/api/v1/users/me', apiKey), 403, 'DPF-TEN-004');
    expect((await api.graphql('{ me { email } }', undefined, auth(admin.token))).body.errors[0].extensions.code).toBe('DPF-TEN-004');
    expectEnvelope(await api.post('/api/v1/auth/login', { email: t.adminEmail, password: admin.password, tenantSlug: t.slug }), 403, 'DPF-TEN-004');
    expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: admin.refreshToken }), 403, 'DPF-TEN-004');
    // A wrong password still says only "invalid credentials": the suspension is not revealed to guessers.
    expectEnvelope(await api.post('/api/v1/auth/login', { email: t.adminEmail, password: 'wrong-password-123', tenantSlug: t.slug }), 401, 'DPF-IAM-001');
    // The platform admin still manages it.
    expect((await api.get(`/api/v1/tenants/${t.id}`, auth(root))).body.status).toBe('SUSPENDED');

    expectEnvelope(await api.post(`/api/v1/tenants/${t.id}/suspend`, {}, auth(root)), 409, 'DPF-TEN-003');
    const activated = await api.post(`/api/v1/tenants/${t.id}/activate`, undefined, auth(root));
    expect(activated.body).toMatchObject({ status: 'ACTIVE', statusReason: null, suspendedAt: null });
    await statusSeen(admin.token, 200);
    expect((await api.get('/api/v1/users/me', auth(admin.token))).status).toBe(200);
    expect((await api.get('/api/v1/users/me', apiKey)).status).toBe(200);
    expect((await api.post('/api/v1/auth/login', { email: t.adminEmail, password: admin.password, tenantSlug: t.slug })).status).toBe(200);
    expectEnvelope(await api.post(`/api/v1/tenants/${t.id}/activate`, undefined, auth(root)), 409, 'DPF-TEN-003');
  });

  it('does not touch other tenants', async () => {
    const t = await provisionTenant(api, root);
    const other = await provisionTenant(api, root);
    const otherAdmin = await tenantAdminSession(api, other);
    await api.post(`/api/v1/tenants/${t.id}/suspend`, {}, auth(root));
    expect((await api.get('/api/v1/users/me', auth(otherAdmin.token))).status).toBe(200);
    expect((await api.get('/api/v1/users/me', auth(root))).status).toBe(200);
  });

  it('activate and suspend need a platform administrator; unknown tenants are 404', async () => {
    const t = await provisionTenant(api, root);
    const admin = await tenantAdminSession(api, t);
    expectEnvelope(await api.post(`/api/v1/tenants/${t.id}/suspend`, {}, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post(`/api/v1/tenants/${t.id}/activate`, undefined, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post(`/api/v1/tenants/${t.id}/suspend`, {}), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(`/api/v1/tenants/${randomUUID()}/suspend`, {}, auth(root)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.post(`/api/v1/tenants/${t.id}/suspend`, { reason: 'x'.repeat(501) }, auth(root)), 400, 'DPF-API-001');
  });
});

describe('status, health and deprovisioning', () => {
  it('GET /status shows the status, allowed actions and history; GET /health runs checks', async () => {
    const t = await provisionTenant(api, root);
    const admin = await tenantAdminSession(api, t);
    await api.post(`/api/v1/tenants/${t.id}/suspend`, { reason: 'audit' }, auth(root));
    await api.post(`/api/v1/tenants/${t.id}/activate`, undefined, auth(root));
    const status = await api.get(`/api/v1/tenants/${t.id}/status`, auth(root));
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ tenantId: t.id, slug: t.slug, status: 'ACTIVE', accessAllowed: true, allowedActions: ['suspend', 'deprovision'] });
    expect(status.body.history.map((h: any) => h.toStatus)).toEqual(['ACTIVE', 'SUSPENDED', 'ACTIVE', 'PROVISIONING']);
    expect(status.body.history[1]).toMatchObject({ fromStatus: 'ACTIVE', reason: 'audit', actor: expect.any(String) });
    expect((await api.get(`/api/v1/tenants/${t.id}/status`, auth(admin.token))).status).toBe(200);

    const health = await api.get(`/api/v1/tenants/${t.id}/health`, auth(admin.token));
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ tenantId: t.id, status: 'ACTIVE', healthy: true });
    expect(health.body.checks.map((c: any) => [c.name, c.healthy])).toEqual([['status', true], ['administrator', true]]);
  });

  it('health reports a disabled first administrator', async () => {
    const t = await provisionTenant(api, root);
    expect((await api.request('PUT', `/api/v1/users/${t.adminUserId}/disable`, { token: root, headers: { 'x-tenant-id': t.id } })).status).toBe(200);
    const health = await api.get(`/api/v1/tenants/${t.id}/health`, auth(root));
    expect(health.body.healthy).toBe(false);
    expect(health.body.checks.find((c: any) => c.name === 'administrator')).toMatchObject({ healthy: false, detail: expect.stringContaining('disabled') });
  });

  it('status and health: 404 for another tenant, 401 without a token', async () => {
    const t = await provisionTenant(api, root);
    const other = await tenantAdminSession(api, await provisionTenant(api, root));
    expectEnvelope(await api.get(`/api/v1/tenants/${t.id}/status`, auth(other.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`/api/v1/tenants/${t.id}/health`, auth(other.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`/api/v1/tenants/${t.id}/status`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`/api/v1/tenants/${randomUUID()}/health`, auth(root)), 404, 'DPF-TEN-001');
  });

  it('DELETE deprovisions: users shut out, no way back, slug kept', async () => {
    const t = await provisionTenant(api, root);
    const admin = await tenantAdminSession(api, t);
    expectEnvelope(await api.request('DELETE', `/api/v1/tenants/${t.id}`, { token: admin.token }), 403, 'DPF-AUTH-007');
    const res = await api.request('DELETE', `/api/v1/tenants/${t.id}`, { token: root });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'DEPROVISIONED', deprovisionedAt: expect.any(String) });
    await statusSeen(admin.token, 403);
    expectEnvelope(await api.get('/api/v1/users/me', auth(admin.token)), 403, 'DPF-TEN-004');
    expectEnvelope(await api.post('/api/v1/auth/login', { email: t.adminEmail, password: admin.password, tenantSlug: t.slug }), 403, 'DPF-TEN-004');
    expectEnvelope(await api.post(`/api/v1/tenants/${t.id}/activate`, undefined, auth(root)), 409, 'DPF-TEN-003');
    expectEnvelope(await api.request('DELETE', `/api/v1/tenants/${t.id}`, { token: root }), 409, 'DPF-TEN-003');
    expectEnvelope(await api.request('PUT', `/api/v1/tenants/${t.id}`, { token: root, body: { name: 'again' } }), 409, 'DPF-TEN-003');
    expectEnvelope(await api.post('/api/v1/tenants', { name: 'x', slug: t.slug, plan: 'FREE', region: 'eu-west-1', adminEmail: 'x@e2e.test' }, auth(root)), 409, 'DPF-TEN-002');
    const status = await api.get(`/api/v1/tenants/${t.id}/status`, auth(root));
    expect(status.body).toMatchObject({ status: 'DEPROVISIONED', accessAllowed: false, allowedActions: [] });
    expect(status.body.history.slice(0, 2).map((h: any) => h.toStatus)).toEqual(['DEPROVISIONED', 'DEPROVISIONING']);
    expectEnvelope(await api.request('DELETE', `/api/v1/tenants/${randomUUID()}`, { token: root }), 404, 'DPF-TEN-001');
  });
});

describe('login with a tenant slug', () => {
  it('picks the account of that tenant when one e-mail exists in several', async () => {
    const t = await provisionTenant(api, root);
    const admin = await tenantAdminSession(api, t);
    // The same e-mail in the platform tenant.
    const users = await api.post('/api/v1/users', { email: t.adminEmail, password: 'platform-side-password', firstName: 'P', lastName: 'T' }, { token: root, headers: { 'x-tenant-id': PLATFORM_TENANT } });
    expect(users.status).toBe(201);
    expectEnvelope(await api.post('/api/v1/auth/login', { email: t.adminEmail, password: admin.password }), 400, 'DPF-IAM-008');
    const inTenant = await api.post('/api/v1/auth/login', { email: t.adminEmail, password: admin.password, tenantSlug: t.slug });
    expect(inTenant.body.user.tenantId).toBe(t.id);
    const inPlatform = await api.post('/api/v1/auth/login', { email: t.adminEmail, password: 'platform-side-password', tenantSlug: 'platform' });
    expect(inPlatform.body.user.tenantId).toBe(PLATFORM_TENANT);
    expectEnvelope(await api.post('/api/v1/auth/login', { email: t.adminEmail, password: admin.password, tenantSlug: 'no-such-tenant' }), 401, 'DPF-IAM-001');
  });
});
