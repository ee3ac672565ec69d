import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { startIdentityPlatform, userWithRoles, type IdentityPlatform, type Session } from '../harness/identity-factories';
import { basic, form, REDIRECT_URI, registerClient } from '../harness/oauth-factories';

/**
 * OAuth client registration and management (RFC 7591 field names): ADMIN or PLATFORM_ADMIN
 * of the tenant, secret shown once and stored hashed, regenerate-secret, delete revokes.
 */
let ip: IdentityPlatform;
let adminA: Session;
let adminB: Session;
let member: Session;
const tenantA = randomUUID();
const tenantB = randomUUID();
const CLIENTS = '/api/v1/oauth2/clients';

beforeAll(async () => {
  ip = await startIdentityPlatform((url) => new ApiClient(url));
  [adminA, adminB, member] = await Promise.all([
    userWithRoles(ip.api, ip.rootToken, tenantA, ['ADMIN']),
    userWithRoles(ip.api, ip.rootToken, tenantB, ['ADMIN']),
    userWithRoles(ip.api, ip.rootToken, tenantA),
  ]);
});
afterAll(() => ip?.stop());

const clientCredentials = (id: string, secret: string) => form(ip.platform.baseUrl, '/api/v1/oauth2/token', 'grant_type=client_credentials', { authorization: basic(id, secret) });

describe('POST /api/v1/oauth2/clients', () => {
  it('registers a confidential client: 201, RFC 7591 fields, the secret once', async () => {
    const res = await ip.api.post(CLIENTS, { client_name: 'Reports', redirect_uris: [REDIRECT_URI, 'https://app.example/cb'], grant_types: ['authorization_code', 'refresh_token'], scope: 'profile:read users:read' }, { token: adminA.token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_name: 'Reports',
      redirect_uris: [REDIRECT_URI, 'https://app.example/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: 'profile:read users:read',
      client_id_issued_at: expect.any(Number),
      client_secret_expires_at: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const one = await ip.api.get(`${CLIENTS}/${res.body.client_id}`, { token: adminA.token });
    expect(one.status).toBe(200);
    expect(one.body.client_secret).toBeUndefined();
    expect(one.body.client_name).toBe('Reports');
  });

  it('registers a public client without a secret', async () => {
    const res = await ip.api.post(CLIENTS, { client_name: 'SPA', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' }, { token: adminA.token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ client_secret: null, client_secret_expires_at: null, token_endpoint_auth_method: 'none', grant_types: ['authorization_code'] });
  });

  it('refuses bad metadata with 400', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ redirect_uris: ['http://app.example/cb'] }, 'DPF-IAM-107'],
      [{ redirect_uris: ['https://app.example/cb#frag'] }, 'DPF-IAM-107'],
      [{ redirect_uris: ['/relative/cb'] }, 'DPF-IAM-107'],
      [{ redirect_uris: [] }, 'DPF-IAM-107'],
      [{ grant_types: ['password'] }, 'DPF-IAM-108'],
      [{ grant_types: ['client_credentials'], token_endpoint_auth_method: 'none' }, 'DPF-IAM-108'],
      [{ token_endpoint_auth_method: 'private_key_jwt' }, 'DPF-IAM-108'],
      [{ response_types: ['token'] }, 'DPF-IAM-108'],
      [{ scope: 'everything' }, 'DPF-IAM-108'],
      [{ logo_uri: 'https://x' }, 'DPF-API-001'],
    ];
    for (const [body, code] of cases) {
      expectEnvelope(await ip.api.post(CLIENTS, { client_name: 'Bad', redirect_uris: [REDIRECT_URI], ...body }, { token: adminA.token }), 400, code);
    }
    // A plain user cannot register clients.
    const custom = await ip.api.post(CLIENTS, { client_name: 'x', redirect_uris: [REDIRECT_URI], scope: 'profile:read' }, { token: member.token });
    expectEnvelope(custom, 403, 'DPF-AUTH-007');
  });

  it('needs credentials (401) and an ADMIN or PLATFORM_ADMIN (403)', async () => {
    expectEnvelope(await ip.api.post(CLIENTS, { client_name: 'x', redirect_uris: [REDIRECT_URI] }), 401, 'DPF-AUTH-001');
    expectEnvelope(await ip.api.get(CLIENTS, { token: member.token }), 403, 'DPF-AUTH-007');
    // An API key of an administrator cannot hold the oauth-clients scopes: refused too.
    const key = await ip.api.post('/api/v1/api-keys', { name: 'admin key', scopes: ['users:read'] }, { token: adminA.token });
    expect(key.status).toBe(201);
    const viaKey = await ip.api.get(CLIENTS, { headers: { 'x-api-key': key.body.apiKey } });
    expectEnvelope(viaKey, 403, 'DPF-AUTH-007');
    // A platform admin manages any tenant's clients through X-Tenant-ID.
    const root = await ip.api.post(CLIENTS, { client_name: 'by root', redirect_uris: [REDIRECT_URI] }, { token: ip.rootToken, headers: { 'x-tenant-id': tenantB } });
    expect(root.status).toBe(201);
    expect((await ip.api.get(`${CLIENTS}/${root.body.client_id}`, { token: adminB.token })).status).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('lists and reads only the tenant\'s own clients; another tenant\'s client is 404', async () => {
    const a = await registerClient(ip.api, adminA.token);
    const b = await registerClient(ip.api, adminB.token);
    const listA = await ip.api.get(`${CLIENTS}?size=100`, { token: adminA.token });
    expect(listA.status).toBe(200);
    expect(listA.body.pagination).toMatchObject({ page: 0, size: 100 });
    const ids = listA.body.data.map((c: { client_id: string }) => c.client_id);
    expect(ids).toContain(a.client_id);
    expect(ids).not.toContain(b.client_id);
    expect(listA.text).not.toContain(a.client_secret!);
    expectEnvelope(await ip.api.get(`${CLIENTS}/${b.client_id}`, { token: adminA.token }), 404, 'DPF-IAM-106');
    expectEnvelope(await ip.api.post(`${CLIENTS}/${b.client_id}/regenerate-secret`, undefined, { token: adminA.token }), 404, 'DPF-IAM-106');
    expectEnvelope(await ip.api.request('DELETE', `${CLIENTS}/${b.client_id}`, { token: adminA.token }), 404, 'DPF-IAM-106');
    expectEnvelope(await ip.api.get(`${CLIENTS}/not-a-uuid`, { token: adminA.token }), 404, 'DPF-IAM-106');
    expect((await ip.api.get(`${CLIENTS}/${b.client_id}`, { token: adminB.token })).status).toBe(200);
  });
});

describe('regenerate-secret and delete', () => {
  it('replaces the secret: the old one stops working at once', async () => {
    const c = await registerClient(ip.api, adminA.token, { grant_types: ['client_credentials'], redirect_uris: [] });
    expect((await clientCredentials(c.client_id, c.client_secret!)).status).toBe(200);
    const res = await ip.api.post(`${CLIENTS}/${c.client_id}/regenerate-secret`, undefined, { token: adminA.token });
    expect(res.status).toBe(200);
    expect(res.body.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.client_secret).not.toBe(c.client_secret);
    expect((await clientCredentials(c.client_id, c.client_secret!)).status).toBe(401);
    expect((await clientCredentials(c.client_id, res.body.client_secret)).status).toBe(200);
  });

  it('a public client has no secret to regenerate (400)', async () => {
    const c = await registerClient(ip.api, adminA.token, { token_endpoint_auth_method: 'none' });
    expectEnvelope(await ip.api.post(`${CLIENTS}/${c.client_id}/regenerate-secret`, undefined, { token: adminA.token }), 400, 'DPF-IAM-109');
  });

  it('delete: 204, the client is gone and its tokens are revoked', async () => {
    const c = await registerClient(ip.api, adminA.token, { grant_types: ['client_credentials'], redirect_uris: [] });
    const token = (await clientCredentials(c.client_id, c.client_secret!)).body.access_token;
    const check = () => ip.api.graphql('{ __typename }', {}, { token });
    expect((await check()).status).toBe(200);
    const del = await ip.api.request('DELETE', `${CLIENTS}/${c.client_id}`, { token: adminA.token });
    expect(del.status).toBe(204);
    expect((await check()).status).toBe(401);
    expectEnvelope(await ip.api.get(`${CLIENTS}/${c.client_id}`, { token: adminA.token }), 404, 'DPF-IAM-106');
    expect((await clientCredentials(c.client_id, c.client_secret!)).status).toBe(401);
    expectEnvelope(await ip.api.request('DELETE', `${CLIENTS}/${c.client_id}`, { token: adminA.token }), 404, 'DPF-IAM-106');
  });
});
