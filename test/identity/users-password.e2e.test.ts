import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { createUser } from '../harness/factories';
import { claimsOf, loginAs, revokedJtis, sessionsOf, startIdentityPlatform, twoTenantFixture, userWithRoles, type IdentityPlatform, type Session } from '../harness/identity-factories';

/** Spec 1 "Users": own password change, administrator reset, and the password-change-required state. */
let ctx: IdentityPlatform;
let api: ApiClient;
let root: string;
const tenantA = randomUUID();
const tenantB = randomUUID();
let adminA: Session;
let adminB: Session;
let member: Session;
let operatorInA: Session;

beforeAll(async () => {
  ctx = await startIdentityPlatform((url) => new ApiClient(url));
  api = ctx.api;
  root = ctx.rootToken;
  ({ adminA, adminB, member, operatorInA } = await twoTenantFixture(api, root, tenantA, tenantB));
});
afterAll(() => ctx?.stop());

const inA = () => createUser(api, adminA.token, { tenantId: tenantA });
const NEW_PASSWORD = 'a-brand-new-passphrase';
const changeOwn = (token: string | undefined, body: unknown) => api.post('/api/v1/users/me/password', body, { token });

describe('POST /api/v1/users/me/password', () => {
  it("changes the password (204), keeps the caller's session and revokes the others with their tokens", async () => {
    const u = await inA();
    const current = await loginAs(api, u);
    const other = await loginAs(api, u);
    const res = await changeOwn(current.token, { currentPassword: u.password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectEnvelope(await api.post('/api/v1/auth/login', { email: u.email, password: u.password }), 401, 'DPF-IAM-001');
    expect((await api.post('/api/v1/auth/login', { email: u.email, password: NEW_PASSWORD })).status).toBe(200);
    expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: other.refreshToken }), 401, 'DPF-IAM-006');
    expect((await api.post('/api/v1/auth/refresh', { refreshToken: current.refreshToken })).status).toBe(200);
    const revoked = await revokedJtis(ctx.db, u.id);
    expect(revoked).toContain(claimsOf(other.token).jti);
    expect(revoked).not.toContain(claimsOf(current.token).jti);
    const sessions = await sessionsOf(ctx.db, u.id);
    expect(sessions.find((s) => s.id === claimsOf(current.token).sid)).toMatchObject({ revoked: false });
    expect(sessions.find((s) => s.id === claimsOf(other.token).sid)).toMatchObject({ revoked: true, reason: 'password_changed' });
  });

  it('refuses a wrong current password with 400 DPF-IAM-027, counted as a failed login', async () => {
    const u = await inA();
    const s = await loginAs(api, u);
    expectEnvelope(await changeOwn(s.token, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }), 400, 'DPF-IAM-027');
    for (let i = 0; i < 4; i++) await changeOwn(s.token, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD });
    expectEnvelope(await api.post('/api/v1/auth/login', { email: u.email, password: u.password }), 423, 'DPF-IAM-002');
    expectEnvelope(await changeOwn(s.token, { currentPassword: u.password, newPassword: NEW_PASSWORD }), 423, 'DPF-IAM-002');
  });

  it('refuses the same password (400 DPF-IAM-028), and passwords outside 12..128 or a bad body (400 DPF-API-001)', async () => {
    const u = await inA();
    const s = await loginAs(api, u);
    expectEnvelope(await changeOwn(s.token, { currentPassword: u.password, newPassword: u.password }), 400, 'DPF-IAM-028');
    expectEnvelope(await changeOwn(s.token, { currentPassword: u.password, newPassword: 'x'.repeat(11) }), 400, 'DPF-API-001');
    expectEnvelope(await changeOwn(s.token, { currentPassword: u.password, newPassword: 'x'.repeat(129) }), 400, 'DPF-API-001');
    expectEnvelope(await changeOwn(s.token, { newPassword: NEW_PASSWORD }), 400, 'DPF-API-001');
    expectEnvelope(await changeOwn(s.token, { currentPassword: u.password, newPassword: NEW_PASSWORD, userId: adminA.id }), 400, 'DPF-API-001');
    // 12 and 128 characters are within the policy.
    expect((await changeOwn(s.token, { currentPassword: u.password, newPassword: 'y'.repeat(12) })).status).toBe(204);
    expect((await changeOwn(s.token, { currentPassword: 'y'.repeat(12), newPassword: 'z'.repeat(128) })).status).toBe(204);
  });

  it('needs a token (401)', async () => {
    expectEnvelope(await changeOwn(undefined, { currentPassword: 'whatever-it-is', newPassword: NEW_PASSWORD }), 401, 'DPF-AUTH-001');
  });
});

describe('POST /api/v1/users/{userId}/reset-password', () => {
  it('returns a temporary password once, stores only its argon2 hash and revokes every session and token', async () => {
    const u = await inA();
    const s = await loginAs(api, u);
    const res = await api.post(`/api/v1/users/${u.id}/reset-password`, undefined, { token: adminA.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['temporaryPassword']);
    const temporary: string = res.body.temporaryPassword;
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    expect(temporary.length).toBeLessThanOrEqual(128);
    expectEnvelope(await api.post('/api/v1/auth/login', { email: u.email, password: u.password }), 401, 'DPF-IAM-001');
    expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken }), 401, 'DPF-IAM-006');
    expect((await api.get(`/api/v1/users/${u.id}`, { token: adminA.token })).body.mustChangePassword).toBe(true);
    expect(await revokedJtis(ctx.db, u.id)).toContain(claimsOf(s.token).jti);
    const { rows } = await ctx.db.query('SELECT password_hash FROM identity.users WHERE id = $1', [u.id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(temporary);
    const again = await api.post(`/api/v1/users/${u.id}/reset-password`, undefined, { token: adminA.token });
    expect(again.body.temporaryPassword).not.toBe(temporary);
  });

  it('then login requires a password change: only `me` and the own password change work until then', async () => {
    const u = await inA();
    const { temporaryPassword } = (await api.post(`/api/v1/users/${u.id}/reset-password`, undefined, { token: adminA.token })).body;
    const login = await api.post('/api/v1/auth/login', { email: u.email, password: temporaryPassword });
    expect(login.status).toBe(200);
    expect(login.body.passwordChangeRequired).toBe(true);
    const token: string = login.body.accessToken;
    expect(claimsOf(token).pwd_change_required).toBe(true);

    expect((await api.get('/api/v1/users/me', { token })).body).toMatchObject({ id: u.id, mustChangePassword: true });
    expect((await api.graphql('{ me { id } }', undefined, { token })).body.data.me.id).toBe(u.id);
    expectEnvelope(await api.get('/api/v1/permissions', { token }), 403, 'DPF-IAM-010');
    expectEnvelope(await api.request('PUT', '/api/v1/users/me', { token, body: { firstName: 'X' } }), 403, 'DPF-IAM-010');
    const gql = await api.graphql('{ permissions { id } }', undefined, { token });
    expect(gql.body.errors[0].extensions.code).toBe('DPF-IAM-010');

    expect((await changeOwn(token, { currentPassword: temporaryPassword, newPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await api.get(`/api/v1/users/${u.id}`, { token: adminA.token })).body.mustChangePassword).toBe(false);
    // The current session refreshes into a token without the claim.
    const refreshed = await api.post('/api/v1/auth/refresh', { refreshToken: login.body.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(claimsOf(refreshed.body.accessToken).pwd_change_required).toBeUndefined();
    expect((await api.get('/api/v1/permissions', { token: refreshed.body.accessToken })).status).toBe(200);
    const relogin = await api.post('/api/v1/auth/login', { email: u.email, password: NEW_PASSWORD });
    expect(relogin.body.passwordChangeRequired).toBe(false);
  });

  it('also blocks administrators until they change the temporary password', async () => {
    const admin = await userWithRoles(api, root, tenantA, ['ADMIN']);
    const { temporaryPassword } = (await api.post(`/api/v1/users/${admin.id}/reset-password`, undefined, { token: adminA.token })).body;
    const token = (await api.login(admin.email, temporaryPassword)).accessToken;
    expectEnvelope(await api.get('/api/v1/users', { token }), 403, 'DPF-IAM-010');
    expectEnvelope(await api.post(`/api/v1/users/${member.id}/reset-password`, undefined, { token }), 403, 'DPF-IAM-010');
  });

  it('clears a lock, so the user can log in with the temporary password', async () => {
    const u = await inA();
    for (let i = 0; i < 5; i++) await api.post('/api/v1/auth/login', { email: u.email, password: 'wrong-password' });
    const { temporaryPassword } = (await api.post(`/api/v1/users/${u.id}/reset-password`, undefined, { token: adminA.token })).body;
    expect((await api.post('/api/v1/auth/login', { email: u.email, password: temporaryPassword })).status).toBe(200);
  });

  it('is 401 / 403 / 404, 403 on a platform admin for a tenant admin; a platform admin may reset in any tenant', async () => {
    const u = await inA();
    const reset = (id: string, token?: string, headers?: Record<string, string>) => api.post(`/api/v1/users/${id}/reset-password`, undefined, { token, headers });
    expectEnvelope(await reset(u.id), 401, 'DPF-AUTH-001');
    expectEnvelope(await reset(u.id, member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await reset(u.id, adminB.token), 404, 'DPF-IAM-005');
    expectEnvelope(await reset(randomUUID(), adminA.token), 404, 'DPF-IAM-005');
    expectEnvelope(await reset(operatorInA.id, adminA.token), 403, 'DPF-AUTH-007');
    expect((await api.post('/api/v1/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    expect((await reset(operatorInA.id, root, { 'x-tenant-id': tenantA })).status).toBe(200);
  });
});
