import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { createUser, roleId } from '../harness/factories';
import { claimsOf, loginAs, revokedJtis, sessionsOf, startIdentityPlatform, twoTenantFixture, userWithRoles, type IdentityPlatform, type Session } from '../harness/identity-factories';

/** Spec 1 "Users": profile updates, account state and deletion, with tenant isolation. */
let ctx: IdentityPlatform;
let api: ApiClient;
let root: string;
const tenantA = randomUUID();
const tenantB = randomUUID();
let adminA: Session;
let adminB: Session;
let member: Session;
/** A PLATFORM_ADMIN account living in tenant A: out of reach for tenant A's admins. */
let operatorInA: Session;

beforeAll(async () => {
  ctx = await startIdentityPlatform((url) => new ApiClient(url));
  api = ctx.api;
  root = ctx.rootToken;
  ({ adminA, adminB, member, operatorInA } = await twoTenantFixture(api, root, tenantA, tenantB));
});
afterAll(() => ctx?.stop());

const inA = () => createUser(api, adminA.token, { tenantId: tenantA });

describe('PUT /api/v1/users/{userId}', () => {
  it('changes names and e-mail (lower-cased); omitted fields stay', async () => {
    const u = await inA();
    const email = `New-${randomUUID()}@E2E.test`;
    const res = await api.request('PUT', `/api/v1/users/${u.id}`, { token: adminA.token, body: { firstName: ' Grace ', email } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, tenantId: tenantA, firstName: 'Grace', lastName: 'User', email: email.toLowerCase(), emailVerified: true });
    expect((await api.post('/api/v1/auth/login', { email, password: u.password })).status).toBe(200);
    const last = await api.request('PUT', `/api/v1/users/${u.id}`, { token: adminA.token, body: { lastName: 'Hopper' } });
    expect(last.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: email.toLowerCase() });
  });

  it('keeps e-mails unique per tenant: 400 DPF-IAM-004 in the tenant, allowed in another', async () => {
    const [u, other] = [await inA(), await inA()];
    expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}`, { token: adminA.token, body: { email: other.email.toUpperCase() } }), 400, 'DPF-IAM-004');
    const inB = await createUser(api, adminB.token, { tenantId: tenantB });
    expect((await api.request('PUT', `/api/v1/users/${inB.id}`, { token: adminB.token, body: { email: other.email } })).status).toBe(200);
  });

  it('refuses bad input with 400 DPF-API-001', async () => {
    const u = await inA();
    for (const body of [{ email: 'not-an-email' }, { firstName: '' }, { firstName: '   ' }, { lastName: 'x'.repeat(101) }, { password: 'a-new-password-here' }, [1]]) {
      expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}`, { token: adminA.token, body }), 400, 'DPF-API-001');
    }
  });

  it('is 401 without a token, 403 for a non-admin, 404 for unknown ids and other tenants', async () => {
    const u = await inA();
    expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}`, { body: { firstName: 'X' } }), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}`, { token: member.token, body: { firstName: 'X' } }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${randomUUID()}`, { token: adminA.token, body: { firstName: 'X' } }), 404, 'DPF-IAM-005');
    expectEnvelope(await api.request('PUT', '/api/v1/users/not-a-uuid', { token: adminA.token, body: { firstName: 'X' } }), 404, 'DPF-IAM-005');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}`, { token: adminB.token, body: { firstName: 'X' } }), 404, 'DPF-IAM-005');
    expect((await api.get(`/api/v1/users/${u.id}`, { token: adminA.token })).body.firstName).toBe('Test');
  });

  it("a tenant admin cannot change a platform admin's account (403); a platform admin can, in any tenant", async () => {
    expectEnvelope(await api.request('PUT', `/api/v1/users/${operatorInA.id}`, { token: adminA.token, body: { firstName: 'X' } }), 403, 'DPF-AUTH-007');
    const u = await inA();
    const res = await api.request('PUT', `/api/v1/users/${u.id}`, { token: root, headers: { 'x-tenant-id': tenantA }, body: { firstName: 'ByRoot' } });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('ByRoot');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}`, { token: root, body: { firstName: 'X' } }), 404, 'DPF-IAM-005');
  });

  it('is the updateUser mutation over /graphql too', async () => {
    const u = await inA();
    const ok = await api.graphql('mutation($id: ID!) { updateUser(id: $id, input: { lastName: "Gql" }) { lastName } }', { id: u.id }, { token: adminA.token });
    expect(ok.body.data.updateUser.lastName).toBe('Gql');
    const denied = await api.graphql('mutation($id: ID!) { updateUser(id: $id, input: { lastName: "Gql" }) { lastName } }', { id: u.id }, { token: adminB.token });
    expect(denied.body.errors[0].extensions.code).toBe('DPF-IAM-005');
  });
});

describe('PUT /api/v1/users/me', () => {
  it('changes the own names, for any authenticated user', async () => {
    const me = await loginAs(api, await inA());
    const res = await api.request('PUT', '/api/v1/users/me', { token: me.token, body: { firstName: 'Self', lastName: 'Made' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.id, firstName: 'Self', lastName: 'Made', email: me.email, roles: ['USER'] });
    expect((await api.get('/api/v1/users/me', { token: me.token })).body.firstName).toBe('Self');
  });

  it('refuses the e-mail and other fields (400), blank names (400), and anonymous callers (401)', async () => {
    expectEnvelope(await api.request('PUT', '/api/v1/users/me', { token: member.token, body: { email: 'me@e2e.test' } }), 400, 'DPF-API-001');
    expectEnvelope(await api.request('PUT', '/api/v1/users/me', { token: member.token, body: { roles: ['ADMIN'] } }), 400, 'DPF-API-001');
    expectEnvelope(await api.request('PUT', '/api/v1/users/me', { token: member.token, body: { lastName: ' ' } }), 400, 'DPF-API-001');
    expectEnvelope(await api.request('PUT', '/api/v1/users/me', { body: { firstName: 'X' } }), 401, 'DPF-AUTH-001');
  });

  it('acts on the own account even when a platform admin sends X-Tenant-ID', async () => {
    const res = await api.request('PUT', '/api/v1/users/me', { token: root, headers: { 'x-tenant-id': tenantB }, body: { lastName: 'Administrator' } });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(ctx.platform.adminEmail);
  });
});

describe('PUT /api/v1/users/{userId}/disable and /enable', () => {
  it('disables: login refused (403), every session and access token revoked; enable restores login', async () => {
    const u = await inA();
    const s1 = await loginAs(api, u);
    const s2 = await loginAs(api, u);
    const res = await api.request('PUT', `/api/v1/users/${u.id}/disable`, { token: adminA.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, enabled: false });
    expectEnvelope(await api.post('/api/v1/auth/login', { email: u.email, password: u.password }), 403, 'DPF-IAM-003');
    for (const s of [s1, s2]) expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken }), 401, 'DPF-IAM-006');
    expect(await revokedJtis(ctx.db, u.id)).toEqual(expect.arrayContaining([claimsOf(s1.token).jti, claimsOf(s2.token).jti]));
    expect(await sessionsOf(ctx.db, u.id)).toEqual([expect.objectContaining({ revoked: true, reason: 'user_disabled' }), expect.objectContaining({ revoked: true, reason: 'user_disabled' })]);
    const enabled = await api.request('PUT', `/api/v1/users/${u.id}/enable`, { token: adminA.token });
    expect(enabled.status).toBe(200);
    expect(enabled.body.enabled).toBe(true);
    expect((await api.post('/api/v1/auth/login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('refuses to disable the own account (400 DPF-IAM-025)', async () => {
    expectEnvelope(await api.request('PUT', `/api/v1/users/${adminA.id}/disable`, { token: adminA.token }), 400, 'DPF-IAM-025');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${claimsOf(root).sub}/disable`, { token: root }), 400, 'DPF-IAM-025');
    expect((await api.get('/api/v1/users/me', { token: adminA.token })).body.enabled).toBe(true);
  });

  it('is 401 / 403 / 404 as for every admin endpoint, and 403 on a platform admin for a tenant admin', async () => {
    const u = await inA();
    for (const action of ['disable', 'enable']) {
      expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}/${action}`), 401, 'DPF-AUTH-001');
      expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}/${action}`, { token: member.token }), 403, 'DPF-AUTH-007');
      expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}/${action}`, { token: adminB.token }), 404, 'DPF-IAM-005');
      expectEnvelope(await api.request('PUT', `/api/v1/users/${randomUUID()}/${action}`, { token: adminA.token }), 404, 'DPF-IAM-005');
      expectEnvelope(await api.request('PUT', `/api/v1/users/${operatorInA.id}/${action}`, { token: adminA.token }), 403, 'DPF-AUTH-007');
    }
    expect((await api.get(`/api/v1/users/${u.id}`, { token: adminA.token })).body.enabled).toBe(true);
  });
});

describe('PUT /api/v1/users/{userId}/unlock', () => {
  it('clears the lock and resets the failed-login counter', async () => {
    const u = await inA();
    for (let i = 0; i < 5; i++) await api.post('/api/v1/auth/login', { email: u.email, password: 'wrong-password' });
    expectEnvelope(await api.post('/api/v1/auth/login', { email: u.email, password: u.password }), 423, 'DPF-IAM-002');
    const res = await api.request('PUT', `/api/v1/users/${u.id}/unlock`, { token: adminA.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, locked: false });
    // Counter at 0: four more failures do not lock again.
    for (let i = 0; i < 4; i++) expectEnvelope(await api.post('/api/v1/auth/login', { email: u.email, password: 'wrong-password' }), 401, 'DPF-IAM-001');
    expect((await api.post('/api/v1/auth/login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('is 401 / 403 / 404, and 403 on a platform admin for a tenant admin', async () => {
    const u = await inA();
    expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}/unlock`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}/unlock`, { token: member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${u.id}/unlock`, { token: adminB.token }), 404, 'DPF-IAM-005');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${operatorInA.id}/unlock`, { token: adminA.token }), 403, 'DPF-AUTH-007');
  });
});

describe('DELETE /api/v1/users/{userId}', () => {
  it('deletes (204, no body): gone from the API, login and refresh fail, tokens blocklisted', async () => {
    const u = await inA();
    const s = await loginAs(api, u);
    const res = await api.request('DELETE', `/api/v1/users/${u.id}`, { token: adminA.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectEnvelope(await api.get(`/api/v1/users/${u.id}`, { token: adminA.token }), 404, 'DPF-IAM-005');
    expectEnvelope(await api.post('/api/v1/auth/login', { email: u.email, password: u.password }), 401, 'DPF-IAM-001');
    expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken }), 401, 'DPF-IAM-006');
    expect(await revokedJtis(ctx.db, u.id)).toContain(claimsOf(s.token).jti);
    expectEnvelope(await api.request('DELETE', `/api/v1/users/${u.id}`, { token: adminA.token }), 404, 'DPF-IAM-005');
  });

  it('refuses to delete the own account (400 DPF-IAM-025)', async () => {
    expectEnvelope(await api.request('DELETE', `/api/v1/users/${adminA.id}`, { token: adminA.token }), 400, 'DPF-IAM-025');
    expect((await api.get('/api/v1/users/me', { token: adminA.token })).status).toBe(200);
  });

  it('is 401 / 403 / 404, 403 on a platform admin for a tenant admin, and isolated by tenant', async () => {
    const u = await inA();
    expectEnvelope(await api.request('DELETE', `/api/v1/users/${u.id}`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.request('DELETE', `/api/v1/users/${u.id}`, { token: member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('DELETE', `/api/v1/users/${u.id}`, { token: adminB.token }), 404, 'DPF-IAM-005');
    expectEnvelope(await api.request('DELETE', '/api/v1/users/nope', { token: adminA.token }), 404, 'DPF-IAM-005');
    expectEnvelope(await api.request('DELETE', `/api/v1/users/${operatorInA.id}`, { token: adminA.token }), 403, 'DPF-AUTH-007');
    expect((await api.get(`/api/v1/users/${u.id}`, { token: adminA.token })).status).toBe(200);
    expect((await api.request('DELETE', `/api/v1/users/${u.id}`, { token: root, headers: { 'x-tenant-id': tenantA } })).status).toBe(204);
  });
});

describe('lists stay in their tenant', () => {
  it('GET /api/v1/users shows only the acting tenant', async () => {
    const a = await inA();
    const res = await api.get('/api/v1/users?size=100', { token: adminB.token });
    expect(res.body.data.map((u: { id: string }) => u.id)).not.toContain(a.id);
    expect(res.body.data.every((u: { tenantId: string }) => u.tenantId === tenantB)).toBe(true);
  });

  it('a role id from GET /roles/all works for user creation', async () => {
    const viewer = await roleId(api, adminA.token, 'VIEWER');
    const u = await createUser(api, adminA.token, { tenantId: tenantA, roleIds: [viewer] });
    expect((await api.get(`/api/v1/users/${u.id}`, { token: adminA.token })).body.roles).toEqual(['VIEWER']);
  });
});
