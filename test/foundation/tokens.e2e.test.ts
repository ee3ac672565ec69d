import { SignJWT } from 'jose';
import { ApiClient, expectEnvelope } from '../harness/client';
import { startPlatform, type TestPlatform } from '../harness/platform';

let platform: TestPlatform;
let api: ApiClient;
let tokens: { accessToken: string; refreshToken: string; user: { id: string; tenantId: string } };

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  tokens = await api.login(platform.adminEmail, platform.adminPassword);
});
afterAll(() => platform?.stop());

/** A token signed with the platform's own secret, with chosen claims. */
async function forge(claims: Record<string, unknown>, expiresAt: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ type: 'access', tenant_id: tokens.user.tenantId, roles: ['ADMIN'], ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti('00000000-0000-4000-8000-00000000abcd')
    .setSubject(tokens.user.id)
    .setIssuer(platform.jwtIssuer)
    .setIssuedAt(now - 3600)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(platform.jwtSecret));
}

function tamper(token: string): string {
  const [h, p, s] = token.split('.');
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  payload.roles = ['PLATFORM_ADMIN', 'ADMIN', 'EXTRA'];
  return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
}

describe('token validation messages (spec 1 "Errors")', () => {
  const cases: Array<[string, () => Promise<string>, string, string]> = [
    ['expired', () => forge({}, Math.floor(Date.now() / 1000) - 60), 'Token has expired', 'DPF-AUTH-002'],
    ['tampered', async () => tamper(tokens.accessToken), 'Invalid token signature', 'DPF-AUTH-003'],
    ['malformed', async () => 'not-a-jwt', 'Malformed token', 'DPF-AUTH-004'],
    ['a refresh token', async () => tokens.refreshToken, 'Token is not an access token', 'DPF-AUTH-005'],
  ];

  it.each(cases)('%s bearer token -> 401 over REST', async (_name, make, message, code) => {
    expectEnvelope(await api.get('/api/v1/users/me', { token: await make() }), 401, code, message);
  });

  it.each(cases)('%s bearer token -> 401 over /graphql', async (_name, make, message, code) => {
    const res = await api.graphql('{ me { email } }', undefined, { token: await make() });
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ message, extensions: { code } });
  });

  it('an access token sent to refresh -> 401 "Token is not a refresh token"', async () => {
    expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: tokens.accessToken }), 401, 'DPF-AUTH-006', 'Token is not a refresh token');
  });

  it('a tampered or malformed refresh token is refused with the exact message', async () => {
    expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: tamper(tokens.refreshToken) }), 401, 'DPF-AUTH-003', 'Invalid token signature');
    expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: 'x.y' }), 401, 'DPF-AUTH-004', 'Malformed token');
  });

  it('a non-Bearer Authorization header is malformed', async () => {
    expectEnvelope(await api.get('/api/v1/users/me', { headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } }), 401, 'DPF-AUTH-004', 'Malformed token');
  });

  it('a public route ignores a bad token (login still works)', async () => {
    const res = await api.post('/api/v1/auth/login', { email: platform.adminEmail, password: platform.adminPassword }, { token: 'garbage' });
    expect(res.status).toBe(200);
  });

  it('a token from another issuer is refused', async () => {
    const foreign = await new SignJWT({ type: 'access', roles: ['ADMIN'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('j')
      .setSubject(tokens.user.id)
      .setIssuer('someone-else')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(platform.jwtSecret));
    expectEnvelope(await api.get('/api/v1/users/me', { token: foreign }), 401, 'DPF-AUTH-008');
  });
});
