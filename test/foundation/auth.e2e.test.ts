import { ApiClient, expectEnvelope } from '../harness/client';
import { createUser } from '../harness/factories';
import { startPlatform, type TestPlatform } from '../harness/platform';

let platform: TestPlatform;
let api: ApiClient;
let adminToken: string;

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  adminToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
});
afterAll(() => platform?.stop());

describe('login', () => {
  it('returns an AuthResponse with the user, and the token carries the spec claims', async () => {
    const res = await api.post('/api/v1/auth/login', { email: platform.adminEmail.toUpperCase(), password: platform.adminPassword });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, accessToken: expect.any(String), refreshToken: expect.any(String), passwordChangeRequired: false });
    expect(res.body.user).toEqual({
      id: expect.any(String),
      email: platform.adminEmail,
      firstName: 'Platform',
      lastName: 'Administrator',
      roles: ['ADMIN', 'PLATFORM_ADMIN'],
      tenantId: '00000000-0000-4000-8000-000000000000',
    });
    const claims = JSON.parse(Buffer.from(res.body.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: res.body.user.id, iss: platform.jwtIssuer, type: 'access', tenant_id: res.body.user.tenantId, roles: ['ADMIN', 'PLATFORM_ADMIN'] });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    const unknown = await api.post('/api/v1/auth/login', { email: 'nobody@e2e.test', password: 'whatever-password' });
    const wrong = await api.post('/api/v1/auth/login', { email: platform.adminEmail, password: 'wrong-password' });
    expectEnvelope(unknown, 401, 'DPF-IAM-001');
    expectEnvelope(wrong, 401, 'DPF-IAM-001');
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it('refuses a body that is not a login (400 in the envelope)', async () => {
    expectEnvelope(await api.post('/api/v1/auth/login', { email: 'not-an-email', password: 'x' }), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/auth/login', { email: 'a@b.test' }), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/auth/login', [1, 2]), 400, 'DPF-API-001');
  });

  it('locks the account after 5 consecutive failures, even for the right password', async () => {
    const user = await createUser(api, adminToken);
    for (let i = 0; i < 5; i++) {
      expectEnvelope(await api.post('/api/v1/auth/login', { email: user.email, password: 'wrong-password' }), 401, 'DPF-IAM-001');
    }
    const locked = await api.post('/api/v1/auth/login', { email: user.email, password: user.password });
    expectEnvelope(locked, 423, 'DPF-IAM-002');
    const listed = await api.get(`/api/v1/users/${user.id}`, { token: adminToken });
    expect(listed.body.locked).toBe(true);
  });

  it('resets the failure counter on a successful login', async () => {
    const user = await createUser(api, adminToken);
    for (let i = 0; i < 4; i++) await api.post('/api/v1/auth/login', { email: user.email, password: 'wrong-password' });
    await api.login(user.email, user.password);
    for (let i = 0; i < 4; i++) await api.post('/api/v1/auth/login', { email: user.email, password: 'wrong-password' });
    expect((await api.post('/api/v1/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });
});

describe('the caller over REST and GraphQL', () => {
  it('GET /api/v1/users/me returns the logged-in user', async () => {
    const user = await createUser(api, adminToken, { firstName: 'Ada', lastName: 'Lovelace' });
    const { accessToken } = await api.login(user.email, user.password);
    const res = await api.get('/api/v1/users/me', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, firstName: 'Ada', lastName: 'Lovelace', roles: ['USER'], enabled: true });
    expect(res.body).not.toHaveProperty('passwordHash');
  });

  it('{ me { email roles } } over /graphql', async () => {
    const res = await api.graphql('{ me { email roles } }', undefined, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { me: { email: platform.adminEmail, roles: ['ADMIN', 'PLATFORM_ADMIN'] } } });
  });

  it('asks for credentials without a token', async () => {
    expectEnvelope(await api.get('/api/v1/users/me'), 401, 'DPF-AUTH-001');
    const gql = await api.graphql('{ me { email } }');
    expect(gql.body.errors[0].extensions.code).toBe('DPF-AUTH-001');
  });
});

describe('refresh and logout', () => {
  it('refresh issues a new access token with the current roles; logout revokes the refresh token', async () => {
    const user = await createUser(api, adminToken);
    const { refreshToken } = await api.login(user.email, user.password);

    const refreshed = await api.post('/api/v1/auth/refresh', { refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 900 });
    expect((await api.get('/api/v1/users/me', { token: refreshed.body.accessToken })).body.email).toBe(user.email);

    const out = await api.post('/api/v1/auth/logout', { refreshToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ revoked: true });
    expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken }), 401, 'DPF-IAM-006');
    // Logging out twice is harmless: nothing more to revoke.
    expect((await api.post('/api/v1/auth/logout', { refreshToken })).body).toEqual({ revoked: false });
    // The access token stays valid until it expires (spec 1, "States and transitions").
    expect((await api.get('/api/v1/users/me', { token: refreshed.body.accessToken })).status).toBe(200);
  });

  it('refuses a missing refresh token with 400', async () => {
    expectEnvelope(await api.post('/api/v1/auth/refresh', {}), 400, 'DPF-API-001');
  });
});
