import { SignJWT, decodeJwt } from 'jose';
import { ApiClient, expectEnvelope } from '../harness/client';
import { createUser } from '../harness/factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';

/**
 * Issue 3, service tokens: service clients registered by a platform administrator, the
 * client-credentials grant (POST /api/v1/auth/service-token), and where a service token is
 * accepted: routes declaring auth 'service_token' and GraphQL fields guarded by a scope.
 */
let platform: TestPlatform;
let api: ApiClient;
let root: string;
let userToken: string;
const ids = { worker: `worker-${Date.now().toString(36)}`, narrow: `narrow-${Date.now().toString(36)}` };
const secrets: Record<string, string> = {};

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
  const user = await createUser(api, root);
  userToken = (await api.login(user.email, user.password)).accessToken;
  for (const [id, scopes] of [[ids.worker, ['service:introspect', 'users:read']], [ids.narrow, ['users:read']]] as const) {
    const res = await api.post('/api/v1/service-clients', { id, scopes }, { token: root });
    if (res.status !== 201) throw new Error(`register ${id}: ${res.status} ${res.text}`);
    secrets[id] = res.body.clientSecret;
  }
});
afterAll(() => platform?.stop());

const grant = (body: Record<string, unknown>) => api.post('/api/v1/auth/service-token', body);
async function serviceToken(clientId: string, scope?: string): Promise<string> {
  const res = await grant({ clientId, clientSecret: secrets[clientId], ...(scope ? { scope } : {}) });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${res.text}`);
  return res.body.accessToken;
}

describe('service clients (PLATFORM_ADMIN)', () => {
  it('registers a client: 201, the secret once, argon2-hashed at rest', async () => {
    const res = await api.post('/api/v1/service-clients', { id: 'reporting-job', scopes: ['users:read', 'users:read', 'audit:read'] }, { token: root });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 'reporting-job', scopes: ['audit:read', 'users:read'], enabled: true, createdAt: expect.any(String), clientSecret: expect.stringMatching(/^dpsc_[0-9A-Za-z]{43}$/) });
    const one = await api.get('/api/v1/service-clients/reporting-job', { token: root });
    expect(one.body).toEqual({ id: 'reporting-job', scopes: ['audit:read', 'users:read'], enabled: true, createdAt: res.body.createdAt });
    const list = await api.get('/api/v1/service-clients?size=100', { token: root });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['reporting-job', ids.worker, ids.narrow]));
    expect(list.text).not.toContain('dpsc_');
  });

  it('refuses duplicates (409), bad ids and scopes (400), non-admins (403) and anonymous callers (401)', async () => {
    expectEnvelope(await api.post('/api/v1/service-clients', { id: ids.worker, scopes: ['users:read'] }, { token: root }), 409, 'DPF-IAM-073');
    for (const body of [{ id: 'Bad Id', scopes: ['users:read'] }, { id: 'me', scopes: ['users:read'] }, { id: 'ok-id', scopes: ['users'] }, { id: 'ok-id', scopes: [] }]) {
      expectEnvelope(await api.post('/api/v1/service-clients', body, { token: root }), 400, 'DPF-API-001');
    }
    expectEnvelope(await api.post('/api/v1/service-clients', { id: 'sneaky', scopes: ['users:read'] }, { token: userToken }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get('/api/v1/service-clients', { token: userToken }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post('/api/v1/service-clients', { id: 'anon', scopes: ['users:read'] }), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get('/api/v1/service-clients/nope', { token: root }), 404, 'DPF-IAM-074');
  });
});

describe('client-credentials grant', () => {
  it('issues a 5-minute service token with all the client scopes when none are asked', async () => {
    const res = await grant({ clientId: ids.worker, clientSecret: secrets[ids.worker] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 300, scope: 'service:introspect users:read' });
    const claims = decodeJwt(res.body.accessToken);
    expect(claims).toMatchObject({ type: 'service', sub: ids.worker, scope: 'service:introspect users:read', iss: platform.jwtIssuer });
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(claims.tenant_id).toBeUndefined();
    expect(claims.roles).toBeUndefined();
  });

  it('narrows to the asked scopes', async () => {
    const res = await grant({ clientId: ids.worker, clientSecret: secrets[ids.worker], scope: 'users:read' });
    expect(res.body.scope).toBe('users:read');
    expect(decodeJwt(res.body.accessToken).scope).toBe('users:read');
  });

  it('refuses a wrong secret and an unknown client alike (401)', async () => {
    expectEnvelope(await grant({ clientId: ids.worker, clientSecret: `${secrets[ids.worker]}x` }), 401, 'DPF-IAM-071', 'Invalid client credentials');
    expectEnvelope(await grant({ clientId: 'nobody', clientSecret: 'whatever' }), 401, 'DPF-IAM-071', 'Invalid client credentials');
  });

  it('refuses a scope the client may not have (400)', async () => {
    const res = await grant({ clientId: ids.narrow, clientSecret: secrets[ids.narrow], scope: 'users:read service:introspect' });
    expectEnvelope(res, 400, 'DPF-IAM-072');
    expect(res.body.error.message).toContain('service:introspect');
  });

  it('refuses a malformed request (400)', async () => {
    expectEnvelope(await grant({ clientId: ids.worker }), 400, 'DPF-API-001');
    expectEnvelope(await grant({ clientId: ids.worker, clientSecret: 'x', grant_type: 'client_credentials' }), 400, 'DPF-API-001');
  });
});

describe('where a service token is accepted', () => {
  it('on a service_token route: GET /api/v1/service-clients/me', async () => {
    const token = await serviceToken(ids.worker);
    const res = await api.get('/api/v1/service-clients/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      clientId: ids.worker, scopes: ['service:introspect', 'users:read'], allowedScopes: ['service:introspect', 'users:read'], active: true, tokenId: decodeJwt(token).jti,
    });
  });

  it('on a GraphQL field guarded by a scope it holds, and no other', async () => {
    const token = await serviceToken(ids.worker);
    expect((await api.graphql('{ serviceWhoAmI { clientId } }', undefined, { token })).body).toEqual({ data: { serviceWhoAmI: { clientId: ids.worker } } });
    const me = await api.graphql('{ me { id } }', undefined, { token });
    expect(me.body.errors[0].extensions.code).toBe('DPF-AUTH-007');
    const keys = await api.graphql('{ apiKeys { pagination { total } } }', undefined, { token });
    expect(keys.body.errors[0].extensions.code).toBe('DPF-AUTH-007');
  });

  it('needs the scope the field lists: a token without service:introspect gets 403', async () => {
    const token = await serviceToken(ids.worker, 'users:read');
    expectEnvelope(await api.get('/api/v1/service-clients/me', { token }), 403, 'DPF-AUTH-007');
  });

  it('is refused on bearer routes (401 "Token is not an access token")', async () => {
    const token = await serviceToken(ids.worker);
    expectEnvelope(await api.get('/api/v1/users/me', { token }), 401, 'DPF-AUTH-005', 'Token is not an access token');
    expectEnvelope(await api.get('/api/v1/users', { token }), 401, 'DPF-AUTH-005');
    expectEnvelope(await api.post('/api/v1/api-keys', { name: 'x', scopes: ['users:read'] }, { token }), 401, 'DPF-AUTH-005');
  });

  it('the service route refuses access tokens, API keys and anonymous callers', async () => {
    expectEnvelope(await api.get('/api/v1/service-clients/me', { token: userToken }), 401, 'DPF-IAM-075', 'Token is not a service token');
    expectEnvelope(await api.get('/api/v1/service-clients/me', { token: root }), 401, 'DPF-IAM-075');
    const key = await api.post('/api/v1/api-keys', { name: 'k', scopes: ['profile:read'] }, { token: userToken });
    expectEnvelope(await api.get('/api/v1/service-clients/me', { headers: { 'x-api-key': key.body.apiKey } }), 401, 'DPF-IAM-075');
    expectEnvelope(await api.get('/api/v1/service-clients/me'), 401, 'DPF-AUTH-001');
    const gql = await api.graphql('{ serviceWhoAmI { clientId } }', undefined, { token: userToken });
    expect(gql.body.errors[0].extensions.code).toBe('DPF-IAM-075');
  });

  it('refuses tampered and expired service tokens with the token messages', async () => {
    const token = await serviceToken(ids.worker);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, scope: 'users:write' })).toString('base64url')}.${s}`;
    expectEnvelope(await api.get('/api/v1/service-clients/me', { token: tampered }), 401, 'DPF-AUTH-003');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ type: 'service', scope: 'service:introspect' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti('00000000-0000-4000-8000-0000000000ee')
      .setSubject(ids.worker)
      .setIssuer(platform.jwtIssuer)
      .setIssuedAt(now - 600)
      .setExpirationTime(now - 300)
      .sign(new TextEncoder().encode(platform.jwtSecret));
    expectEnvelope(await api.get('/api/v1/service-clients/me', { token: expired }), 401, 'DPF-AUTH-002', 'Token has expired');
  });
});

describe('secret rotation and deletion', () => {
  it('a new secret replaces the old one at once; deleting the client ends the grant', async () => {
    const id = 'rotating-client';
    const created = await api.post('/api/v1/service-clients', { id, scopes: ['service:introspect'] }, { token: root });
    const token = (await grant({ clientId: id, clientSecret: created.body.clientSecret })).body.accessToken;
    const rotated = await api.post(`/api/v1/service-clients/${id}/secret`, undefined, { token: root });
    expect(rotated.status).toBe(200);
    expect(rotated.body.clientSecret).not.toBe(created.body.clientSecret);
    expectEnvelope(await grant({ clientId: id, clientSecret: created.body.clientSecret }), 401, 'DPF-IAM-071');
    expect((await grant({ clientId: id, clientSecret: rotated.body.clientSecret })).status).toBe(200);

    const deleted = await api.request('DELETE', `/api/v1/service-clients/${id}`, { token: root });
    expect(deleted.status).toBe(204);
    expectEnvelope(await grant({ clientId: id, clientSecret: rotated.body.clientSecret }), 401, 'DPF-IAM-071');
    // A token issued before lives out its 5 minutes, and can see that its client is gone.
    expect((await api.get('/api/v1/service-clients/me', { token })).body).toMatchObject({ clientId: id, active: false, allowedScopes: [] });
    expectEnvelope(await api.request('DELETE', `/api/v1/service-clients/${id}`, { token: root }), 404, 'DPF-IAM-074');
  });
});
