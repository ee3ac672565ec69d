import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope, type ApiResponse } from '../harness/client';
import { createUser } from '../harness/factories';
import { startIdentityPlatform, twoTenantFixture, type IdentityPlatform, type Session } from '../harness/identity-factories';
import { TestOidcProvider, type TestIdpUser } from '../harness/test-oidc-provider';

/** Spec 1 "External identity providers and SAML": provider administration and the OIDC sign-in. */
let ctx: IdentityPlatform;
let api: ApiClient;
let idp: TestOidcProvider;
const tenantA = randomUUID();
const tenantB = randomUUID();
let adminA: Session;
let adminB: Session;
let member: Session;

beforeAll(async () => {
  [ctx, idp] = await Promise.all([startIdentityPlatform((url) => new ApiClient(url)), TestOidcProvider.start()]);
  api = ctx.api;
  ({ adminA, adminB, member } = await twoTenantFixture(api, ctx.rootToken, tenantA, tenantB));
});
afterAll(async () => {
  await idp?.stop();
  await ctx?.stop();
});

const PROVIDERS = '/api/v1/auth/oauth2/providers';

/** Registers an OIDC provider at the test IdP (a fresh client) in tenant A. */
async function oidcProvider(extra: Record<string, unknown> = {}, token = adminA.token) {
  const clientId = `client-${randomUUID()}`;
  const clientSecret = `secret-${randomUUID()}`;
  idp.clients.set(clientId, clientSecret);
  const res = await api.post(PROVIDERS, { name: `OIDC ${randomUUID()}`, kind: 'OIDC', oidc: { issuer: idp.issuer, clientId, clientSecret }, ...extra }, { token });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, clientId, clientSecret, body: res.body };
}

/** Starts the sign-in: the 302 from the platform. */
async function authorize(providerId: string) {
  return fetch(`${api.baseUrl}/api/v1/auth/oauth2/authorize/${providerId}`, { redirect: 'manual' });
}

/** The browser's round trip: authorize at the IdP as `user`, then the form_post back to us. */
async function signIn(providerId: string, user: TestIdpUser, tamper: (form: Record<string, string>) => Record<string, string> = (f) => f): Promise<ApiResponse> {
  idp.nextUser = user;
  const start = await authorize(providerId);
  expect(start.status).toBe(302);
  const at = (await (await fetch(start.headers.get('location')!)).json()) as Record<string, string>;
  return callback(providerId, tamper({ code: at.code, state: at.state }));
}

const callback = (providerId: string, form: Record<string, string>) =>
  api.request('POST', `/api/v1/auth/oauth2/callback/${providerId}`, { raw: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

const person = (over: Partial<TestIdpUser> = {}): TestIdpUser => ({ sub: randomUUID(), email: `ext-${randomUUID()}@idp.test`, email_verified: true, given_name: 'Ada', family_name: 'Lovelace', ...over });

describe('provider administration', () => {
  it('creates, lists, replaces and deletes an OIDC provider; the client secret is never returned and is encrypted at rest', async () => {
    const p = await oidcProvider({ jitProvisioning: true });
    expect(p.body).toMatchObject({
      id: expect.any(String), tenantId: tenantA, kind: 'OIDC', enabled: true, jitProvisioning: true, defaultRole: 'USER', saml: null,
      oidc: { issuer: idp.issuer, clientId: p.clientId, scopes: ['openid', 'email', 'profile'], clientSecretSet: true, redirectUri: expect.stringMatching(new RegExp(`/api/v1/auth/oauth2/callback/${p.id}$`)) },
    });
    expect(JSON.stringify(p.body)).not.toContain(p.clientSecret);
    const list = await api.get(PROVIDERS, { token: adminA.token });
    expect(list.status).toBe(200);
    expect(list.body.map((x: { id: string }) => x.id)).toContain(p.id);
    expect(list.text).not.toContain(p.clientSecret);
    const stored = await ctx.db.query('SELECT client_secret_sealed FROM identity.external_identity_providers WHERE id = $1', [p.id]);
    expect(stored.rows[0].client_secret_sealed).toMatch(/^v1\./);
    expect(stored.rows[0].client_secret_sealed).not.toContain(p.clientSecret);

    const put = await api.request('PUT', `${PROVIDERS}/${p.id}`, { token: adminA.token, body: { name: 'Renamed IdP ' + p.id, kind: 'OIDC', enabled: false, oidc: { issuer: idp.issuer, clientId: p.clientId, scopes: ['openid', 'groups'] } } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Renamed IdP ' + p.id, enabled: false, jitProvisioning: false, oidc: { clientSecretSet: true, scopes: ['openid', 'email', 'groups'] } });
    const after = await ctx.db.query('SELECT client_secret_sealed FROM identity.external_identity_providers WHERE id = $1', [p.id]);
    expect(after.rows[0].client_secret_sealed).toBe(stored.rows[0].client_secret_sealed);
    expectEnvelope(await authorize(p.id).then(toApi), 403, 'DPF-IAM-123');

    const del = await api.request('DELETE', `${PROVIDERS}/${p.id}`, { token: adminA.token });
    expect(del.status).toBe(204);
    expectEnvelope(await api.request('DELETE', `${PROVIDERS}/${p.id}`, { token: adminA.token }), 404, 'DPF-IAM-120');
  });

  it('refuses callers without credentials (401) or the admin role (403)', async () => {
    expectEnvelope(await api.get(PROVIDERS), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(PROVIDERS, { token: member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post(PROVIDERS, { name: 'x', kind: 'OIDC', oidc: { issuer: idp.issuer, clientId: 'c', clientSecret: 's' } }, { token: member.token }), 403, 'DPF-AUTH-007');
  });

  it.each([
    ['no settings block', { kind: 'OIDC' }, 'oidc'],
    ['the wrong block', { kind: 'OIDC', oidc: { issuer: 'https://idp.example', clientId: 'c', clientSecret: 's' }, saml: { idpEntityId: 'e', ssoUrl: 'https://idp.example/sso', certificates: [] } }, 'saml'],
    ['plain http off loopback', { kind: 'OIDC', oidc: { issuer: 'http://idp.example', clientId: 'c', clientSecret: 's' } }, 'oidc.issuer'],
    ['no client secret', { kind: 'OIDC', oidc: { issuer: 'https://idp.example', clientId: 'c' } }, 'oidc.clientSecret'],
    ['an unknown default role', { kind: 'OIDC', defaultRole: 'NOPE', oidc: { issuer: 'https://idp.example', clientId: 'c', clientSecret: 's' } }, 'defaultRole'],
    ['PLATFORM_ADMIN just in time', { kind: 'OIDC', defaultRole: 'PLATFORM_ADMIN', oidc: { issuer: 'https://idp.example', clientId: 'c', clientSecret: 's' } }, 'defaultRole'],
    ['a certificate that is not one', { kind: 'SAML', saml: { idpEntityId: 'e', ssoUrl: 'https://idp.example/sso', certificates: ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'] } }, 'saml.certificates[0]'],
  ])('refuses %s (400 DPF-IAM-122)', async (_case, body, field) => {
    const res = await api.post(PROVIDERS, { name: `bad ${randomUUID()}`, ...body }, { token: adminA.token });
    expectEnvelope(res, 400, 'DPF-IAM-122');
    expect(res.body.error.details).toMatchObject({ field });
  });

  it('refuses unknown fields and kinds (400 DPF-API-001) and a duplicate name (409 DPF-IAM-121)', async () => {
    expectEnvelope(await api.post(PROVIDERS, { name: 'x', kind: 'LDAP' }, { token: adminA.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.post(PROVIDERS, { name: 'x', kind: 'OIDC', bogus: 1 }, { token: adminA.token }), 400, 'DPF-API-001');
    const p = await oidcProvider();
    const name = (await api.get(PROVIDERS, { token: adminA.token })).body.find((x: { id: string }) => x.id === p.id).name;
    expectEnvelope(await api.post(PROVIDERS, { name: name.toUpperCase(), kind: 'OIDC', oidc: { issuer: idp.issuer, clientId: 'c', clientSecret: 's' } }, { token: adminA.token }), 409, 'DPF-IAM-121');
  });

  it("keeps tenants apart: another tenant's provider is 404 and not listed", async () => {
    const p = await oidcProvider();
    const listB = await api.get(PROVIDERS, { token: adminB.token });
    expect(listB.status).toBe(200);
    expect(listB.body.map((x: { id: string }) => x.id)).not.toContain(p.id);
    const body = { name: 'hijack', kind: 'OIDC', oidc: { issuer: idp.issuer, clientId: 'c', clientSecret: 's' } };
    expectEnvelope(await api.request('PUT', `${PROVIDERS}/${p.id}`, { token: adminB.token, body }), 404, 'DPF-IAM-120');
    expectEnvelope(await api.request('DELETE', `${PROVIDERS}/${p.id}`, { token: adminB.token }), 404, 'DPF-IAM-120');
    expectEnvelope(await api.request('DELETE', `${PROVIDERS}/not-a-uuid`, { token: adminA.token }), 404, 'DPF-IAM-120');
  });
});

describe('OpenID Connect sign-in', () => {
  it('redirects to the provider with PKCE S256, state, nonce and form_post; state and nonce are stored hashed', async () => {
    const p = await oidcProvider();
    const res = await authorize(p.id);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${idp.issuer}/authorize`);
    const q = location.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      response_type: 'code', response_mode: 'form_post', client_id: p.clientId, code_challenge_method: 'S256',
      redirect_uri: p.body.oidc.redirectUri, scope: 'openid email profile',
    });
    expect(q.get('state')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const rows = await ctx.db.query('SELECT state_hash, nonce_hash FROM identity.external_login_states WHERE provider_id = $1', [p.id]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].state_hash).not.toBe(q.get('state'));
    expect(rows.rows[0].nonce_hash).not.toBe(q.get('nonce'));
    expectEnvelope(await authorize(randomUUID()).then(toApi), 404, 'DPF-IAM-120');
  });

  it('creates an unknown user just in time (verified e-mail, default role) and signs them in; the next sign-in reuses the link', async () => {
    const p = await oidcProvider({ jitProvisioning: true });
    const who = person();
    const res = await signIn(p.id, who);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), tokenType: 'Bearer', user: { email: who.email, firstName: 'Ada', lastName: 'Lovelace', roles: ['USER'], tenantId: tenantA } });
    const me = await api.get('/api/v1/users/me', { token: res.body.accessToken });
    expect(me.body).toMatchObject({ email: who.email, emailVerified: true, tenantId: tenantA });
    const again = await signIn(p.id, { ...who, email: `changed-${randomUUID()}@idp.test` });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(res.body.user.id);
    const events = await ctx.db.query("SELECT reason FROM identity.auth_events WHERE user_id = $1 AND type = 'LOGIN' AND outcome = 'SUCCESS'", [res.body.user.id]);
    expect(events.rows.map((r) => r.reason)).toEqual([`oidc:${p.id}`, `oidc:${p.id}`]);
  });

  it('links an existing user by verified e-mail (no provisioning needed) and refuses an unverified one', async () => {
    const p = await oidcProvider();
    const local = await createUser(api, adminA.token, { tenantId: tenantA });
    const res = await signIn(p.id, person({ email: local.email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(local.id);
    expectEnvelope(await signIn(p.id, person({ email: local.email, email_verified: false })), 403, 'DPF-IAM-127');
    expectEnvelope(await signIn(p.id, person({ email: undefined })), 403, 'DPF-IAM-127');
    expectEnvelope(await signIn(p.id, person()), 403, 'DPF-IAM-128');
  });

  it('does not cross tenants: a user of tenant B with the same e-mail is not linked by a tenant A provider', async () => {
    const p = await oidcProvider();
    const inB = await createUser(api, adminB.token, { tenantId: tenantB });
    expectEnvelope(await signIn(p.id, person({ email: inB.email })), 403, 'DPF-IAM-128');
  });

  it('does not link a local account whose e-mail is unverified (pre-hijacking: 403 DPF-IAM-009), even with provisioning on', async () => {
    const p = await oidcProvider({ jitProvisioning: true });
    const local = await createUser(api, adminA.token, { tenantId: tenantA });
    await ctx.db.query('UPDATE identity.users SET email_verified = false WHERE id = $1', [local.id]);
    expectEnvelope(await signIn(p.id, person({ email: local.email })), 403, 'DPF-IAM-009');
    const links = await ctx.db.query('SELECT 1 FROM identity.external_identities WHERE user_id = $1', [local.id]);
    expect(links.rowCount).toBe(0);
  });

  it('refuses a disabled user (403 DPF-IAM-003)', async () => {
    const p = await oidcProvider();
    const local = await createUser(api, adminA.token, { tenantId: tenantA });
    expect((await api.request('PUT', `/api/v1/users/${local.id}/disable`, { token: adminA.token })).status).toBe(200);
    expectEnvelope(await signIn(p.id, person({ email: local.email })), 403, 'DPF-IAM-003');
  });

  it('refuses a bad, foreign or reused state (400 DPF-IAM-124)', async () => {
    const p = await oidcProvider({ jitProvisioning: true });
    const other = await oidcProvider({ jitProvisioning: true });
    expectEnvelope(await signIn(p.id, person(), (f) => ({ ...f, state: 'forged' })), 400, 'DPF-IAM-124');
    expectEnvelope(await callback(p.id, { code: 'x' }), 400, 'DPF-IAM-124');
    // A state issued for another provider does not open this one.
    idp.nextUser = person();
    const at = (await (await fetch((await authorize(other.id)).headers.get('location')!)).json()) as Record<string, string>;
    expectEnvelope(await callback(p.id, at), 400, 'DPF-IAM-124');
    // A state is good for one callback only.
    idp.nextUser = person();
    const at2 = (await (await fetch((await authorize(p.id)).headers.get('location')!)).json()) as Record<string, string>;
    expect((await callback(p.id, at2)).status).toBe(200);
    expectEnvelope(await callback(p.id, at2), 400, 'DPF-IAM-124');
  });

  it.each([
    ['a wrong nonce', { override: { nonce: 'not-the-nonce' } }],
    ['a wrong audience', { override: { aud: 'someone-else' } }],
    ['a wrong issuer', { override: { iss: 'https://evil.example' } }],
    ['an expired token', { override: { exp: Math.floor(Date.now() / 1000) - 3600 } }],
    ['a signature by a key not in the JWKS', { foreignKey: true }],
  ])('refuses an ID token with %s (401 DPF-IAM-125)', async (_case, bend) => {
    const p = await oidcProvider({ jitProvisioning: true });
    expectEnvelope(await signIn(p.id, person(bend as Partial<TestIdpUser>)), 401, 'DPF-IAM-125');
  });

  it('reports a provider error and a refused code (502 DPF-IAM-126)', async () => {
    const p = await oidcProvider({ jitProvisioning: true });
    expectEnvelope(await signIn(p.id, person(), (f) => ({ state: f.state, error: 'access_denied', error_description: 'user said no' })), 502, 'DPF-IAM-126');
    expectEnvelope(await signIn(p.id, person(), (f) => ({ ...f, code: 'wrong-code' })), 502, 'DPF-IAM-126');
  });

  it('refuses a JSON-less malformed callback and repeated parameters (400)', async () => {
    const p = await oidcProvider();
    const res = await api.request('POST', `/api/v1/auth/oauth2/callback/${p.id}`, { raw: 'code=a&code=b&state=s', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectEnvelope(res, 400, 'DPF-API-001');
  });
});

async function toApi(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}
