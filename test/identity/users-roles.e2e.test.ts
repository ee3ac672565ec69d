import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { createUser, roleId } from '../harness/factories';
import { claimsOf, createRole, loginAs, revokedJtis, sessionsOf, startIdentityPlatform, twoTenantFixture, userWithRoles, type IdentityPlatform, type Session } from '../harness/identity-factories';

/** Spec 1 "Users": role assignments of a user, self-demotion and the last platform administrator. */
let ctx: IdentityPlatform;
let api: ApiClient;
let root: string;
const tenantA = randomUUID();
const tenantB = randomUUID();
let adminA: Session;
let adminB: Session;
let member: Session;
let operatorInA: Session;
const ids: Record<string, number> = {};
let customA: number;
let customB: number;

beforeAll(async () => {
  ctx = await startIdentityPlatform((url) => new ApiClient(url));
  api = ctx.api;
  root = ctx.rootToken;
  for (const name of ['ADMIN', 'PLATFORM_ADMIN', 'USER', 'VIEWER']) ids[name] = await roleId(api, root, name);
  ({ adminA, adminB, member, operatorInA } = await twoTenantFixture(api, root, tenantA, tenantB));
  customA = await createRole(api, adminA.token, tenantA, { name: 'ANALYST' });
  customB = await createRole(api, adminB.token, tenantB, { name: 'ANALYST' });
});
afterAll(() => ctx?.stop());

const inA = () => createUser(api, adminA.token, { tenantId: tenantA });
const put = (id: string, body: unknown, token?: string) => api.request('PUT', `/api/v1/users/${id}/roles`, { token, body });
const post = (id: string, body: unknown, token?: string) => api.post(`/api/v1/users/${id}/roles`, body, { token });
const del = (id: string, role: number | string, token?: string) => api.request('DELETE', `/api/v1/users/${id}/roles/${role}`, { token });

describe('GET /api/v1/users/{userId}/roles', () => {
  it('lists the roles of a user as RoleResponses', async () => {
    const u = await createUser(api, adminA.token, { tenantId: tenantA, roleIds: [ids.VIEWER, customA] });
    const res = await api.get(`/api/v1/users/${u.id}/roles`, { token: adminA.token });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(['VIEWER', 'ANALYST']);
    expect(res.body[0]).toMatchObject({ id: ids.VIEWER, systemRole: true, userCount: expect.any(Number), permissions: expect.arrayContaining([expect.objectContaining({ name: 'users:read', resource: 'users', action: 'read' })]) });
    expect(res.body[1]).toMatchObject({ id: customA, systemRole: false, userCount: 1, permissions: [] });
  });

  it('is 401 / 403 / 404 and isolated by tenant', async () => {
    const u = await inA();
    expectEnvelope(await api.get(`/api/v1/users/${u.id}/roles`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`/api/v1/users/${u.id}/roles`, { token: member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`/api/v1/users/${u.id}/roles`, { token: adminB.token }), 404, 'DPF-IAM-005');
    expectEnvelope(await api.get(`/api/v1/users/${randomUUID()}/roles`, { token: adminA.token }), 404, 'DPF-IAM-005');
  });
});

describe('PUT /api/v1/users/{userId}/roles', () => {
  it('replaces every role and returns the user; access tokens are revoked, sessions refresh into the new roles', async () => {
    const u = await inA();
    const s = await loginAs(api, u);
    const res = await put(u.id, [ids.VIEWER, customA, customA], adminA.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, roles: ['ANALYST', 'VIEWER'] });
    expect(await revokedJtis(ctx.db, u.id)).toContain(claimsOf(s.token).jti);
    expect(await sessionsOf(ctx.db, u.id)).toEqual([expect.objectContaining({ revoked: false })]);
    const refreshed = await api.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(claimsOf(refreshed.body.accessToken).roles).toEqual(['ANALYST', 'VIEWER']);
    expect((await put(u.id, [], adminA.token)).body.roles).toEqual([]);
  });

  it('does not revoke anything when the roles stay the same', async () => {
    const u = await inA();
    const s = await loginAs(api, u);
    expect((await put(u.id, [ids.USER], adminA.token)).status).toBe(200);
    expect(await revokedJtis(ctx.db, u.id)).not.toContain(claimsOf(s.token).jti);
  });

  it('refuses unknown role ids and roles of other tenants (400 DPF-IAM-007 naming them)', async () => {
    const u = await inA();
    const res = await put(u.id, [ids.VIEWER, 999999, customB], adminA.token);
    expectEnvelope(res, 400, 'DPF-IAM-007');
    expect(res.body.error.details.roleIds.sort()).toEqual([999999, customB].sort());
    expect((await api.get(`/api/v1/users/${u.id}`, { token: adminA.token })).body.roles).toEqual(['USER']);
  });

  it('refuses a body that is not an array of integers (400 DPF-API-001)', async () => {
    const u = await inA();
    // (A lone integer is a one-item list by GraphQL's input coercion, so it is accepted.)
    for (const body of [{ roleIds: [ids.USER] }, ['USER'], [1.5], [null], 'USER']) expectEnvelope(await put(u.id, body, adminA.token), 400, 'DPF-API-001');
  });

  it('lets only a platform admin grant PLATFORM_ADMIN (403)', async () => {
    const u = await inA();
    expectEnvelope(await put(u.id, [ids.PLATFORM_ADMIN], adminA.token), 403, 'DPF-AUTH-007');
    const byRoot = await api.request('PUT', `/api/v1/users/${u.id}/roles`, { token: root, headers: { 'x-tenant-id': tenantA }, body: [ids.PLATFORM_ADMIN, ids.USER] });
    expect(byRoot.status).toBe(200);
    expect(byRoot.body.roles).toEqual(['PLATFORM_ADMIN', 'USER']);
    // Taken back, so that the platform admins stay those the last test expects.
    expect((await api.request('PUT', `/api/v1/users/${u.id}/roles`, { token: root, headers: { 'x-tenant-id': tenantA }, body: [ids.USER] })).body.roles).toEqual(['USER']);
  });

  it('is 401 / 403 / 404, and 403 on a platform admin for a tenant admin', async () => {
    const u = await inA();
    expectEnvelope(await put(u.id, [ids.USER]), 401, 'DPF-AUTH-001');
    expectEnvelope(await put(u.id, [ids.USER], member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await put(u.id, [ids.USER], adminB.token), 404, 'DPF-IAM-005');
    expectEnvelope(await put(randomUUID(), [ids.USER], adminA.token), 404, 'DPF-IAM-005');
    expectEnvelope(await put(operatorInA.id, [ids.PLATFORM_ADMIN, ids.USER], adminA.token), 403, 'DPF-AUTH-007');
  });
});

describe('POST /api/v1/users/{userId}/roles', () => {
  it('adds roles, keeping those held, and returns the user', async () => {
    const u = await inA();
    const res = await post(u.id, [customA, ids.USER], adminA.token);
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual(['ANALYST', 'USER']);
  });

  it('refuses an empty list or a bad body (400 DPF-API-001), unknown roles (400 DPF-IAM-007), PLATFORM_ADMIN (403)', async () => {
    const u = await inA();
    expectEnvelope(await post(u.id, [], adminA.token), 400, 'DPF-API-001');
    expectEnvelope(await post(u.id, { id: 1 }, adminA.token), 400, 'DPF-API-001');
    expectEnvelope(await post(u.id, [customB], adminA.token), 400, 'DPF-IAM-007');
    expectEnvelope(await post(u.id, [ids.PLATFORM_ADMIN], adminA.token), 403, 'DPF-AUTH-007');
  });

  it('is 401 / 403 / 404', async () => {
    const u = await inA();
    expectEnvelope(await post(u.id, [ids.VIEWER]), 401, 'DPF-AUTH-001');
    expectEnvelope(await post(u.id, [ids.VIEWER], member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await post(u.id, [ids.VIEWER], adminB.token), 404, 'DPF-IAM-005');
    expectEnvelope(await post(operatorInA.id, [ids.VIEWER], adminA.token), 403, 'DPF-AUTH-007');
  });
});

describe('DELETE /api/v1/users/{userId}/roles/{roleId}', () => {
  it('removes one role (204) and revokes the access tokens; removing a role not held is a no-op', async () => {
    const u = await createUser(api, adminA.token, { tenantId: tenantA, roleIds: [ids.USER, customA] });
    const s = await loginAs(api, u);
    const res = await del(u.id, customA, adminA.token);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await api.get(`/api/v1/users/${u.id}`, { token: adminA.token })).body.roles).toEqual(['USER']);
    expect(await revokedJtis(ctx.db, u.id)).toContain(claimsOf(s.token).jti);
    expect((await del(u.id, customA, adminA.token)).status).toBe(204);
  });

  it('is 404 DPF-IAM-020 for a role the tenant cannot see, 400 for a non-integer id', async () => {
    const u = await inA();
    expectEnvelope(await del(u.id, customB, adminA.token), 404, 'DPF-IAM-020');
    expectEnvelope(await del(u.id, 999999, adminA.token), 404, 'DPF-IAM-020');
    expectEnvelope(await del(u.id, 'abc', adminA.token), 400, 'DPF-API-001');
  });

  it('is 401 / 403 / 404, and 403 on a platform admin for a tenant admin', async () => {
    const u = await inA();
    expectEnvelope(await del(u.id, ids.USER), 401, 'DPF-AUTH-001');
    expectEnvelope(await del(u.id, ids.USER, member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await del(u.id, ids.USER, adminB.token), 404, 'DPF-IAM-005');
    expectEnvelope(await del(operatorInA.id, ids.PLATFORM_ADMIN, adminA.token), 403, 'DPF-AUTH-007');
  });
});

describe('administrators cannot lock themselves out', () => {
  it('refuses taking ADMIN or PLATFORM_ADMIN from the own account (400 DPF-IAM-025), in every form', async () => {
    const me = adminA.id;
    expectEnvelope(await put(me, [ids.USER], adminA.token), 400, 'DPF-IAM-025');
    expectEnvelope(await del(me, ids.ADMIN, adminA.token), 400, 'DPF-IAM-025');
    const rootId = claimsOf(root).sub;
    expectEnvelope(await del(rootId, ids.PLATFORM_ADMIN, root), 400, 'DPF-IAM-025');
    expectEnvelope(await put(rootId, [ids.ADMIN], root), 400, 'DPF-IAM-025');
    expect((await api.get('/api/v1/users/me', { token: adminA.token })).body.roles).toEqual(['ADMIN']);
  });

  it('allows changes that keep the own administering roles', async () => {
    const admin = await userWithRoles(api, root, tenantA, ['ADMIN']);
    const res = await post(admin.id, [ids.VIEWER], admin.token);
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual(['ADMIN', 'VIEWER']);
    // A role change revokes the user's access tokens at once, own ones included: log in again.
    expectEnvelope(await api.get('/api/v1/users/me', { token: admin.token }), 401, 'DPF-AUTH-009');
    const again = await loginAs(api, admin);
    expect((await del(admin.id, ids.VIEWER, again.token)).status).toBe(204);
  });
});

describe('the last platform administrator', () => {
  it('is never removed: of two platform admins disabling each other at once, one is refused', async () => {
    const second = await userWithRoles(api, root, tenantA, ['PLATFORM_ADMIN', 'ADMIN']);
    // The only enabled platform admins are now root and `second` (operatorInA is disabled for this test).
    expect((await api.request('PUT', `/api/v1/users/${operatorInA.id}/disable`, { token: root, headers: { 'x-tenant-id': tenantA } })).status).toBe(200);
    const rootId = claimsOf(root).sub;
    const [a, b] = await Promise.all([
      api.request('PUT', `/api/v1/users/${second.id}/disable`, { token: root, headers: { 'x-tenant-id': tenantA } }),
      api.request('PUT', `/api/v1/users/${rootId}/disable`, { token: second.token, headers: { 'x-tenant-id': '00000000-0000-4000-8000-000000000000' } }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    const loser = a.status === 200 ? b : a;
    // 409 from the identity service, or 401 at the edge when the winner's disable revoked the
    // loser's token first (the blocklist takes effect at once).
    if (loser.status === 409) expectEnvelope(loser, 409, 'DPF-IAM-026');
    else expectEnvelope(loser, 401, 'DPF-AUTH-009');
    // Exactly one of them is still enabled (read from the table: the loser's tokens are revoked).
    const rows = await query(ctx.platform.databaseUrl, 'SELECT enabled FROM identity.users WHERE id = ANY($1::uuid[])', [[rootId, second.id]]);
    expect(rows.filter((r) => r.enabled === true)).toHaveLength(1);
    // Whoever is left may not remove themselves, so the platform keeps an administrator.
    const loginOk = await api.post('/api/v1/auth/login', { email: ctx.platform.adminEmail, password: ctx.platform.adminPassword });
    const survivorToken = loginOk.status === 200 ? loginOk.body.accessToken : (await api.login(second.email, second.password)).accessToken;
    const survivorId = claimsOf(survivorToken).sub;
    expectEnvelope(await api.request('PUT', `/api/v1/users/${survivorId}/disable`, { token: survivorToken }), 400, 'DPF-IAM-025');
  });
});
