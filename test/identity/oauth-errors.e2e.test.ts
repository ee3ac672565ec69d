import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { eventually } from '../harness/database';
import { startIdentityPlatform, userWithRoles, type IdentityPlatform, type Session } from '../harness/identity-factories';
import { basic, form, REDIRECT_URI, registerClient, type RegisteredClient } from '../harness/oauth-factories';

/**
 * OAuth 2.0 error responses: the authorization endpoint redirects errors only to a registered
 * redirect URI (RFC 6749 4.1.2.1), the token endpoint answers RFC 6749 5.2 errors with the
 * right status and WWW-Authenticate, codes are single-use and bound to client, redirect URI
 * and PKCE challenge.
 */
let ip: IdentityPlatform;
let admin: Session;
let member: Session;
let outsider: Session;
let client: RegisteredClient;
let publicClient: RegisteredClient;
let narrow: RegisteredClient;
const tenant = randomUUID();
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

beforeAll(async () => {
  ip = await startIdentityPlatform((url) => new ApiClient(url));
  [admin, member, outsider] = await Promise.all([
    userWithRoles(ip.api, ip.rootToken, tenant, ['ADMIN']),
    userWithRoles(ip.api, ip.rootToken, tenant),
    userWithRoles(ip.api, ip.rootToken, randomUUID()),
  ]);
  client = await registerClient(ip.api, admin.token, { grant_types: ['authorization_code', 'refresh_token'] });
  publicClient = await registerClient(ip.api, admin.token, { token_endpoint_auth_method: 'none' });
  narrow = await registerClient(ip.api, admin.token, { grant_types: ['client_credentials'], redirect_uris: [] });
});
afterAll(() => ip?.stop());

const base = () => ip.platform.baseUrl;
const authorizeUrl = (params: Record<string, string>) => `/api/v1/oauth2/authorize?${new URLSearchParams(params)}`;
async function getAuthorize(params: Record<string, string> | string, token = member.token) {
  const path = typeof params === 'string' ? params : authorizeUrl(params);
  const res = await fetch(`${base()}${path}`, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, location: res.headers.get('location') };
}
const good = () => ({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT_URI, state: 'st-1', code_challenge: CHALLENGE, code_challenge_method: 'S256' });

/** A code for `client`, through the JSON variant of the authorization endpoint. */
async function codeFor(params: Record<string, string> = good()): Promise<string> {
  const res = await ip.api.post('/api/v1/oauth2/authorize', params, { token: member.token });
  if (res.status !== 200) throw new Error(`authorize: ${res.status} ${res.text}`);
  return res.body.code;
}
const exchange = (code: string, extra = '', auth = basic(client.client_id, client.client_secret!)) =>
  form(base(), '/api/v1/oauth2/token', `grant_type=authorization_code&code=${encodeURIComponent(code)}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}${extra}`, { authorization: auth });

describe('GET /api/v1/oauth2/authorize', () => {
  it('redirects with code, state and iss', async () => {
    const res = await getAuthorize(good());
    expect(res.status).toBe(302);
    const url = new URL(res.location!);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
    expect(url.searchParams.get('state')).toBe('st-1');
    expect(url.searchParams.get('iss')).toBe(base());
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sends errors to a registered redirect URI with error and state', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...good(), response_type: '' }, 'invalid_request'],
      [{ ...good(), response_type: 'token' }, 'unsupported_response_type'],
      [{ ...good(), scope: 'users:write' }, 'invalid_scope'],
      [{ ...good(), code_challenge_method: 'S512' }, 'invalid_request'],
      [{ ...good(), code_challenge: 'short' }, 'invalid_request'],
      [{ response_type: 'code', client_id: publicClient.client_id, redirect_uri: REDIRECT_URI, state: 'st-2' }, 'invalid_request'],
    ];
    for (const [params, error] of cases) {
      const res = await getAuthorize(params);
      expect(res.status).toBe(302);
      const url = new URL(res.location!);
      expect(url.searchParams.get('error')).toBe(error);
      expect(url.searchParams.get('error_description')).toEqual(expect.any(String));
      expect(url.searchParams.get('state')).toBe(params.state);
      expect(url.searchParams.get('code')).toBeNull();
    }
  });

  it('never redirects to an unknown client, an unregistered redirect URI or across tenants: 400 in the envelope', async () => {
    const cases: Array<[Record<string, string> | string, string]> = [
      [{ ...good(), client_id: randomUUID() }, 'DPF-IAM-100'],
      [{ ...good(), client_id: 'not-a-uuid' }, 'DPF-IAM-100'],
      [{ ...good(), client_id: '' }, 'DPF-IAM-100'],
      [{ ...good(), redirect_uri: 'https://evil.example/cb' }, 'DPF-IAM-107'],
      [{ ...good(), redirect_uri: `${REDIRECT_URI}/more` }, 'DPF-IAM-107'],
      [`${authorizeUrl(good())}&state=again`, 'DPF-API-001'],
    ];
    for (const [params, code] of cases) {
      const res = await getAuthorize(params);
      expect(res.location).toBeNull();
      expectEnvelope({ ...res, text: '' } as any, 400, code);
    }
    // A user of another tenant cannot authorize this tenant's client.
    const foreign = await getAuthorize(good(), outsider.token);
    expect(foreign.location).toBeNull();
    expect(foreign.status).toBe(400);
  });

  it('needs a signed-in user (401), not an API key or an OAuth token (403)', async () => {
    const anonymous = await fetch(`${base()}${authorizeUrl(good())}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('location')).toBeNull();
    const code = await codeFor();
    const tokens = await exchange(code, `&code_verifier=${VERIFIER}`);
    const res = await getAuthorize(good(), tokens.body.access_token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('DPF-IAM-110');
    const key = await ip.api.post('/api/v1/api-keys', { name: 'k', scopes: ['profile:read'] }, { token: member.token });
    expect(key.status).toBe(201);
    const viaKey = await fetch(`${base()}${authorizeUrl(good())}`, { headers: { 'x-api-key': key.body.apiKey }, redirect: 'manual' });
    expect(viaKey.status).toBe(403);
    expect(((await viaKey.json()) as any).error.code).toBe('DPF-IAM-110');
  });

  it('lets a loopback redirect URI vary its port (RFC 8252 7.3)', async () => {
    const res = await getAuthorize({ ...good(), redirect_uri: 'http://127.0.0.1:40001/callback' });
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^http:\/\/127\.0\.0\.1:40001\/callback\?code=/);
  });
});

describe('POST /api/v1/oauth2/authorize (JSON)', () => {
  it('answers {redirectUri, code, state}, or 400 with the error for the redirect URI', async () => {
    const ok = await ip.api.post('/api/v1/oauth2/authorize', good(), { token: member.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ redirectUri: expect.stringContaining(`${REDIRECT_URI}?code=`), code: expect.any(String), state: 'st-1', iss: base() });
    const viaForm = await form(base(), '/api/v1/oauth2/authorize', new URLSearchParams(good()).toString(), { authorization: `Bearer ${member.token}` });
    expect(viaForm.status).toBe(200);
    // A code is never stored for an X-Idempotency-Key replay.
    const key = { token: member.token, headers: { 'x-idempotency-key': randomUUID() } };
    const live = await ip.api.post('/api/v1/oauth2/authorize', good(), key);
    const replay = await ip.api.post('/api/v1/oauth2/authorize', good(), key);
    expect(live.body.code).toEqual(expect.any(String));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual({ state: 'st-1', iss: base() });
    const stored = await ip.db.query('SELECT response_body FROM platform.idempotency_records WHERE key = $1', [key.headers['x-idempotency-key']]);
    expect(stored.rows[0].response_body).not.toContain(live.body.code);
    const bad = await ip.api.post('/api/v1/oauth2/authorize', { ...good(), response_type: 'token' }, { token: member.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'unsupported_response_type', state: 'st-1', redirectUri: expect.stringContaining('error=unsupported_response_type') });
  });
});

describe('POST /api/v1/oauth2/token', () => {
  it('invalid_client: 401 with WWW-Authenticate when Basic was used, 400 for client_secret_post', async () => {
    const wrongBasic = await exchange('x', '', basic(client.client_id, 'wrong'));
    expect(wrongBasic.status).toBe(401);
    expect(wrongBasic.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(wrongBasic.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect(wrongBasic.headers.get('cache-control')).toBe('no-store');

    const wrongPost = await form(base(), '/api/v1/oauth2/token', `grant_type=client_credentials&client_id=${client.client_id}&client_secret=wrong`);
    expect(wrongPost.status).toBe(400);
    expect(wrongPost.headers.get('www-authenticate')).toBeNull();
    expect(wrongPost.body.error).toBe('invalid_client');

    const none = await form(base(), '/api/v1/oauth2/token', 'grant_type=client_credentials');
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('invalid_client');
    // Registered for Basic, authenticating in the body: refused.
    const otherMethod = await form(base(), '/api/v1/oauth2/token', `grant_type=client_credentials&client_id=${client.client_id}&client_secret=${client.client_secret}`);
    expect(otherMethod.body.error).toBe('invalid_client');
  });

  it('invalid_request, unsupported_grant_type and unauthorized_client with 400', async () => {
    const auth = { authorization: basic(client.client_id, client.client_secret!) };
    const cases: Array<[string, string]> = [
      ['code=abc', 'invalid_request'],
      ['grant_type=password&username=a&password=b', 'unsupported_grant_type'],
      ['grant_type=client_credentials', 'unauthorized_client'],
      ['grant_type=authorization_code&grant_type=refresh_token', 'invalid_request'],
      ['grant_type=refresh_token', 'invalid_request'],
    ];
    for (const [body, error] of cases) {
      const res = await form(base(), '/api/v1/oauth2/token', body, auth);
      expect([res.status, res.body.error]).toEqual([400, error]);
    }
    // JSON is not a token request (RFC 6749 4.1.3: form encoding).
    const json = await fetch(`${base()}/api/v1/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: '{"grant_type":"client_credentials"}' });
    expect(json.status).toBe(400);
    expect(((await json.json()) as any).error).toBe('invalid_request');
  });

  it('binds the code to its PKCE challenge, redirect URI and client', async () => {
    expect((await exchange(await codeFor())).body.error).toBe('invalid_grant');
    expect((await exchange(await codeFor(), `&code_verifier=${'a'.repeat(43)}`)).body.error).toBe('invalid_grant');
    const noChallenge = await codeFor({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT_URI });
    expect((await exchange(noChallenge, `&code_verifier=${VERIFIER}`)).body.error).toBe('invalid_grant');
    const wrongRedirect = await codeFor();
    const res = await form(base(), '/api/v1/oauth2/token', `grant_type=authorization_code&code=${wrongRedirect}&redirect_uri=${encodeURIComponent('http://127.0.0.1:8765/other')}&code_verifier=${VERIFIER}`, { authorization: basic(client.client_id, client.client_secret!) });
    expect(res.body.error).toBe('invalid_grant');
    const otherClient = await codeFor();
    const stolen = await form(base(), '/api/v1/oauth2/token', `grant_type=authorization_code&code=${otherClient}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&code_verifier=${VERIFIER}&client_id=${publicClient.client_id}`);
    expect([stolen.status, stolen.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('a code is single-use: the second exchange fails and revokes the tokens of the first', async () => {
    const code = await codeFor();
    const first = await exchange(code, `&code_verifier=${VERIFIER}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'profile:read' });
    expect((await ip.api.get('/api/v1/users/me', { token: first.body.access_token })).status).toBe(200);
    const second = await exchange(code, `&code_verifier=${VERIFIER}`);
    expect([second.status, second.body.error]).toEqual([400, 'invalid_grant']);
    // The edge hears the revocation by NOTIFY a moment after the commit (a clean check is cached 2 s).
    await eventually(async () => ((await ip.api.get('/api/v1/users/me', { token: first.body.access_token })).status === 401 ? true : undefined), 3_000);
    const refreshed = await form(base(), '/api/v1/oauth2/token', `grant_type=refresh_token&refresh_token=${first.body.refresh_token}`, { authorization: basic(client.client_id, client.client_secret!) });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('client credentials: scopes within the client, none for public clients', async () => {
    const auth = { authorization: basic(narrow.client_id, narrow.client_secret!) };
    expect((await form(base(), '/api/v1/oauth2/token', 'grant_type=client_credentials&scope=users:write', auth)).body.error).toBe('invalid_scope');
    const ok = await form(base(), '/api/v1/oauth2/token', 'grant_type=client_credentials', auth);
    expect(ok.status).toBe(200);
    expect(ok.body.refresh_token).toBeUndefined();
    const pub = await form(base(), '/api/v1/oauth2/token', `grant_type=client_credentials&client_id=${publicClient.client_id}`);
    expect(pub.body.error).toBe('unauthorized_client');
  });
});

describe('introspection and revocation', () => {
  it('introspection needs a confidential client; other tenants see active: false', async () => {
    const code = await codeFor();
    const { access_token } = (await exchange(code, `&code_verifier=${VERIFIER}`)).body;
    const pub = await form(base(), '/api/v1/oauth2/introspect', `token=${access_token}&client_id=${publicClient.client_id}`);
    expect([pub.status, pub.body.error]).toEqual([400, 'invalid_client']);
    const otherAdmin = await userWithRoles(ip.api, ip.rootToken, randomUUID(), ['ADMIN']);
    const foreign = await registerClient(ip.api, otherAdmin.token, { grant_types: ['client_credentials'], redirect_uris: [] });
    const seen = await form(base(), '/api/v1/oauth2/introspect', `token=${access_token}`, { authorization: basic(foreign.client_id, foreign.client_secret!) });
    expect([seen.status, seen.body]).toEqual([200, { active: false }]);
    // Nor can that client revoke it.
    expect((await form(base(), '/api/v1/oauth2/revoke', `token=${access_token}`, { authorization: basic(foreign.client_id, foreign.client_secret!) })).status).toBe(200);
    expect((await ip.api.get('/api/v1/users/me', { token: access_token })).status).toBe(200);
    const revoke = await form(base(), '/api/v1/oauth2/revoke', `token=${access_token}&token_type_hint=access_token`, { authorization: basic(client.client_id, client.client_secret!) });
    expect(revoke.status).toBe(200);
    await eventually(async () => ((await ip.api.get('/api/v1/users/me', { token: access_token })).status === 401 ? true : undefined), 3_000);
  });

  it('stores codes and refresh tokens hashed, never in clear', async () => {
    const code = await codeFor();
    const { refresh_token } = (await exchange(code, `&code_verifier=${VERIFIER}`)).body;
    const codes = await ip.db.query('SELECT code_hash FROM identity.oauth_authorization_codes WHERE code_hash = $1 OR code_hash = encode(sha256($1::bytea), $2)', [code, 'hex']);
    expect(codes.rows).toHaveLength(1);
    expect(codes.rows[0].code_hash).not.toBe(code);
    const refresh = await ip.db.query("SELECT 1 FROM identity.oauth_refresh_tokens WHERE token_hash = encode(sha256($1::bytea), 'hex')", [refresh_token]);
    expect(refresh.rows).toHaveLength(1);
    const secrets = await ip.db.query('SELECT secret_hash FROM identity.oauth_clients WHERE id = $1', [client.client_id]);
    expect(secrets.rows[0].secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
