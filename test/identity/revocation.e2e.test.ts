import { ApiClient, expectEnvelope } from '../harness/client';
import { createUser, roleId } from '../harness/factories';
import { startPlatform, type TestPlatform } from '../harness/platform';

/**
 * Immediate revocation (spec 1, Authentication rule 2): changes that must end access now put
 * the affected access tokens on the blocklist the gateway checks, on the very next request.
 */
let platform: TestPlatform;
let api: ApiClient;
let adminToken: string;

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  adminToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
});
afterAll(() => platform?.stop());

const REVOKED = 'DPF-AUTH-009';

it("disabling a user refuses their still-unexpired access token at once, over REST and GraphQL", async () => {
  const user = await createUser(api, adminToken);
  const { accessToken } = await api.login(user.email, user.password);
  expect((await api.get('/api/v1/users/me', { token: accessToken })).status).toBe(200);

  expect((await api.request('PUT', `/api/v1/users/${user.id}/disable`, { token: adminToken })).status).toBe(200);

  expectEnvelope(await api.get('/api/v1/users/me', { token: accessToken }), 401, REVOKED, 'Token has been revoked');
  const gql = await api.graphql('{ me { email } }', undefined, { token: accessToken });
  expect(gql.status).toBe(401);
  expect(gql.body.errors[0].extensions.code).toBe(REVOKED);
});

it('DELETE /sessions/all ends every session: each access token is refused and refresh fails', async () => {
  const user = await createUser(api, adminToken);
  const a = await api.login(user.email, user.password);
  const b = await api.login(user.email, user.password);

  const res = await api.request('DELETE', '/api/v1/sessions/all', { token: a.accessToken });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ revoked: 2 });

  for (const token of [a.accessToken, b.accessToken]) expectEnvelope(await api.get('/api/v1/users/me', { token }), 401, REVOKED);
  for (const refreshToken of [a.refreshToken, b.refreshToken]) expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken }), 401, 'DPF-IAM-006');
});

it('DELETE /sessions/others keeps the current session and ends the rest', async () => {
  const user = await createUser(api, adminToken);
  const current = await api.login(user.email, user.password);
  const other = await api.login(user.email, user.password);
  expect((await api.request('DELETE', '/api/v1/sessions/others', { token: current.accessToken })).body).toEqual({ revoked: 1 });
  expect((await api.get('/api/v1/users/me', { token: current.accessToken })).status).toBe(200);
  expectEnvelope(await api.get('/api/v1/users/me', { token: other.accessToken }), 401, REVOKED);
});

it('a role change refuses tokens carrying the old roles; a refresh carries the new ones', async () => {
  const admin = await roleId(api, adminToken, 'ADMIN');
  const user = await createUser(api, adminToken, { roleIds: [admin] });
  const session = await api.login(user.email, user.password);
  expect((await api.get('/api/v1/users', { token: session.accessToken })).status).toBe(200);

  // USER grants only self-service (VIEWER's users:read would still list users).
  const member = await roleId(api, adminToken, 'USER');
  expect((await api.request('PUT', `/api/v1/users/${user.id}/roles`, { token: adminToken, body: [member] })).status).toBe(200);

  expectEnvelope(await api.get('/api/v1/users', { token: session.accessToken }), 401, REVOKED);
  const refreshed = await api.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
  expect(refreshed.status).toBe(200);
  const claims = JSON.parse(Buffer.from(refreshed.body.accessToken.split('.')[1], 'base64url').toString());
  expect(claims.roles).toEqual(['USER']);
  expectEnvelope(await api.get('/api/v1/users', { token: refreshed.body.accessToken }), 403, 'DPF-AUTH-007');
});

it("changing the password keeps the caller's session and refuses the others' tokens", async () => {
  const user = await createUser(api, adminToken);
  const current = await api.login(user.email, user.password);
  const other = await api.login(user.email, user.password);
  const res = await api.post('/api/v1/users/me/password', { currentPassword: user.password, newPassword: 'a-changed-password-1' }, { token: current.accessToken });
  expect(res.status).toBeLessThan(300);
  expect((await api.get('/api/v1/users/me', { token: current.accessToken })).status).toBe(200);
  expectEnvelope(await api.get('/api/v1/users/me', { token: other.accessToken }), 401, REVOKED);
  expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: other.refreshToken }), 401, 'DPF-IAM-006');
});

it('logout alone leaves the access token valid until it expires (spec 1 state table)', async () => {
  const user = await createUser(api, adminToken);
  const session = await api.login(user.email, user.password);
  await api.post('/api/v1/auth/logout', { refreshToken: session.refreshToken });
  expect((await api.get('/api/v1/users/me', { token: session.accessToken })).status).toBe(200);
});
