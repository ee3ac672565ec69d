import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { ApiClient } from '../harness/client';
import { claimsOf, startIdentityPlatform, userWithRoles, type IdentityPlatform, type Session } from '../harness/identity-factories';
import { authorize, discover, INSECURE, REDIRECT_URI, registerClient, type RegisteredClient } from '../harness/oauth-factories';

/**
 * Issue 4 acceptance: oauth4webapi, a stock OAuth 2.0 client, runs every flow against the
 * platform with no custom code: discovery (RFC 8414), authorization code + PKCE, client
 * credentials, refresh with rotation and reuse detection, introspection and revocation.
 */
let ip: IdentityPlatform;
let as: oauth.AuthorizationServer;
let admin: Session;
let member: Session;
let confidential: RegisteredClient;
let publicClient: RegisteredClient;
const tenant = randomUUID();

beforeAll(async () => {
  ip = await startIdentityPlatform((url) => new ApiClient(url));
  [admin, member] = await Promise.all([userWithRoles(ip.api, ip.rootToken, tenant, ['ADMIN']), userWithRoles(ip.api, ip.rootToken, tenant)]);
  confidential = await registerClient(ip.api, admin.token, { grant_types: ['authorization_code', 'refresh_token', 'client_credentials'], scope: 'profile:read users:read' });
  publicClient = await registerClient(ip.api, admin.token, { token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] });
  as = await discover(ip.platform.baseUrl);
});
afterAll(() => ip?.stop());

/** Authorization code + PKCE as a client runs it: build the request, follow the 302, exchange the code. */
async function codeFlow(client: RegisteredClient, auth: oauth.ClientAuth, scope: string, method: 'S256' | 'plain' = 'S256') {
  const c: oauth.Client = { client_id: client.client_id };
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = method === 'S256' ? await oauth.calculatePKCECodeChallenge(verifier) : verifier;
  const state = oauth.generateRandomState();
  const res = await authorize(as, member.token, { response_type: 'code', client_id: c.client_id, redirect_uri: REDIRECT_URI, scope, state, code_challenge: challenge, code_challenge_method: method });
  expect(res.status).toBe(302);
  const params = oauth.validateAuthResponse(as, c, new URL(res.headers.get('location')!), state);
  const tokenRes = await oauth.authorizationCodeGrantRequest(as, c, auth, params, REDIRECT_URI, verifier, INSECURE);
  expect(tokenRes.headers.get('cache-control')).toBe('no-store');
  return oauth.processAuthorizationCodeResponse(as, c, tokenRes);
}

const introspect = async (client: RegisteredClient, token: string) =>
  oauth.processIntrospectionResponse(as, { client_id: client.client_id }, await oauth.introspectionRequest(as, { client_id: client.client_id }, oauth.ClientSecretBasic(confidential.client_secret!), token, INSECURE));

describe('discovery', () => {
  it('publishes RFC 8414 metadata with PUBLIC_URL as the issuer', () => {
    expect(as).toMatchObject({
      issuer: ip.platform.baseUrl,
      token_endpoint: `${ip.platform.baseUrl}/api/v1/oauth2/token`,
      code_challenge_methods_supported: ['S256', 'plain'],
      grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
    });
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['profile:read', 'users:read']));
  });
});

describe('authorization code + PKCE', () => {
  it('issues RFC 9068-style access tokens limited to the granted scopes and the user permissions', async () => {
    // users:read is allowed for the client, but a plain USER does not hold it: it is left out.
    const tokens = await codeFlow(confidential, oauth.ClientSecretBasic(confidential.client_secret!), 'profile:read users:read');
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 900, scope: 'profile:read', refresh_token: expect.any(String) });
    expect(claimsOf(tokens.access_token)).toMatchObject({ sub: member.id, tenant_id: tenant, client_id: confidential.client_id, scope: 'profile:read', aud: ip.platform.baseUrl, type: 'access' });
    expect(JSON.parse(Buffer.from(tokens.access_token.split('.')[0], 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const me = await ip.api.get('/api/v1/users/me', { token: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(member.id);
    // A field whose scope the token lacks is refused, as it would be for an API key.
    expect((await ip.api.get('/api/v1/api-keys', { token: tokens.access_token })).status).toBe(403);
  });

  it('works for a public client (auth none) with S256 and with plain', async () => {
    for (const method of ['S256', 'plain'] as const) {
      const tokens = await codeFlow(publicClient, oauth.None(), 'profile:read', method);
      expect(tokens.scope).toBe('profile:read');
      expect((await ip.api.get('/api/v1/users/me', { token: tokens.access_token })).status).toBe(200);
    }
  });

  it('accepts client_secret_post for a client registered with it', async () => {
    const post = await registerClient(ip.api, admin.token, { token_endpoint_auth_method: 'client_secret_post' });
    const tokens = await codeFlow(post, oauth.ClientSecretPost(post.client_secret!), 'profile:read');
    expect(tokens.access_token).toEqual(expect.any(String));
  });
});

describe('refresh tokens', () => {
  it('rotates on every use; a reused refresh token revokes the whole chain', async () => {
    const c: oauth.Client = { client_id: confidential.client_id };
    const auth = oauth.ClientSecretBasic(confidential.client_secret!);
    const first = await codeFlow(confidential, auth, 'profile:read');
    const second = await oauth.processRefreshTokenResponse(as, c, await oauth.refreshTokenGrantRequest(as, c, auth, first.refresh_token!, INSECURE));
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await ip.api.get('/api/v1/users/me', { token: second.access_token })).status).toBe(200);

    // The first refresh token again: reuse. The chain ends, the newest tokens included.
    const reuse = await oauth.refreshTokenGrantRequest(as, c, auth, first.refresh_token!, INSECURE);
    await expect(oauth.processRefreshTokenResponse(as, c, reuse)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    const after = await oauth.refreshTokenGrantRequest(as, c, auth, second.refresh_token!, INSECURE);
    await expect(oauth.processRefreshTokenResponse(as, c, after)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await ip.api.get('/api/v1/users/me', { token: second.access_token })).status).toBe(401);
    expect((await ip.api.get('/api/v1/users/me', { token: first.access_token })).status).toBe(401);
    expect(await introspect(confidential, second.access_token)).toEqual({ active: false });
  });
});

describe('client credentials', () => {
  it('issues the client its own tenant-bound token, without a refresh token', async () => {
    const c: oauth.Client = { client_id: confidential.client_id };
    const res = await oauth.clientCredentialsGrantRequest(as, c, oauth.ClientSecretBasic(confidential.client_secret!), { scope: 'users:read' }, INSECURE);
    const tokens = await oauth.processClientCredentialsResponse(as, c, res);
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'users:read' });
    expect(tokens.refresh_token).toBeUndefined();
    expect(claimsOf(tokens.access_token)).toMatchObject({ sub: confidential.client_id, client_id: confidential.client_id, tenant_id: tenant, roles: [] });
    expect(await introspect(confidential, tokens.access_token)).toMatchObject({ active: true, client_id: confidential.client_id, scope: 'users:read', token_type: 'Bearer', tenant_id: tenant });
  });
});

describe('introspection and revocation', () => {
  it('introspects access and refresh tokens, and revocation ends them', async () => {
    const c: oauth.Client = { client_id: confidential.client_id };
    const auth = oauth.ClientSecretBasic(confidential.client_secret!);
    const tokens = await codeFlow(confidential, auth, 'profile:read');
    expect(await introspect(confidential, tokens.access_token)).toMatchObject({ active: true, sub: member.id, client_id: confidential.client_id, scope: 'profile:read', exp: expect.any(Number) });
    expect(await introspect(confidential, tokens.refresh_token!)).toMatchObject({ active: true, token_type: 'refresh_token', sub: member.id });
    expect(await introspect(confidential, 'not-a-token')).toEqual({ active: false });

    // Revoking the access token: blocklisted at once.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, c, auth, tokens.access_token, INSECURE));
    expect(await introspect(confidential, tokens.access_token)).toEqual({ active: false });
    expect((await ip.api.get('/api/v1/users/me', { token: tokens.access_token })).status).toBe(401);

    // Revoking the refresh token ends its chain.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, c, auth, tokens.refresh_token!, INSECURE));
    expect(await introspect(confidential, tokens.refresh_token!)).toEqual({ active: false });
    const refresh = await oauth.refreshTokenGrantRequest(as, c, auth, tokens.refresh_token!, INSECURE);
    await expect(oauth.processRefreshTokenResponse(as, c, refresh)).rejects.toMatchObject({ error: 'invalid_grant' });

    // Unknown tokens: still 200 (RFC 7009 2.2).
    await expect(oauth.processRevocationResponse(await oauth.revocationRequest(as, c, auth, 'unknown', INSECURE))).resolves.toBeUndefined();
  });
});
