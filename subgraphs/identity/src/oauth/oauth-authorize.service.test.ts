import { DomainError, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { OAuthClientRepository, OAuthClientRow } from './oauth-client.repository';
import type { OAuthTokenRepository } from './oauth-token.repository';
import { CODE_TTL_SECONDS, OAuthAuthorizeService } from './oauth-authorize.service';
import { sha256Hex } from './oauth-secrets';

const TENANT = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const CLIENT_ID = '33333333-3333-4333-8333-333333333333';
const ISSUER = 'https://as.example';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const client = (over: Partial<OAuthClientRow> = {}): OAuthClientRow => ({
  tenantId: TENANT,
  id: CLIENT_ID,
  name: 'c',
  secretHash: 'x'.repeat(64),
  tokenEndpointAuthMethod: 'client_secret_basic',
  redirectUris: ['https://app.example/cb'],
  grantTypes: ['authorization_code'],
  responseTypes: ['code'],
  scopes: ['profile:read', 'users:read'],
  createdBy: null,
  secretIssuedAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

const user: Principal = { kind: 'access_token', subject: USER, tenantId: TENANT, homeTenantId: TENANT, roles: ['USER'], scopes: [] };

/** The repositories the service needs, recording the codes it creates. */
function setup(row: OAuthClientRow | null = client(), held = ['profile:read']) {
  const created: any[] = [];
  const clients = { find: jest.fn(async (tenantId: string, id: string) => (row && tenantId === row.tenantId && id === row.id ? row : null)), permissionsOf: jest.fn(async () => new Set(held)) };
  const tokens = { createCode: jest.fn(async (c: unknown) => created.push(c)) };
  const service = new OAuthAuthorizeService(clients as unknown as OAuthClientRepository, tokens as unknown as OAuthTokenRepository, ISSUER);
  return { service, created };
}

const request = (over: Record<string, string | undefined> = {}) => ({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: 'https://app.example/cb', state: 'xyz', ...over });

describe('authorization endpoint: state and redirect rules', () => {
  it('returns the code with the state unchanged and the issuer (RFC 9207), and stores only the code hash', async () => {
    const { service, created } = setup();
    const res = await service.authorize(request({ state: 'a b&c=d' }), user);
    const url = new URL(res.redirectUri);
    expect(url.searchParams.get('state')).toBe('a b&c=d');
    expect(url.searchParams.get('code')).toBe(res.code);
    expect(url.searchParams.get('iss')).toBe(ISSUER);
    expect(res.state).toBe('a b&c=d');
    expect(created[0]).toMatchObject({ codeHash: sha256Hex(res.code!), tenantId: TENANT, userId: USER, clientId: CLIENT_ID, scopes: ['profile:read'], redirectUriGiven: true });
    expect(created[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(CODE_TTL_SECONDS * 1000);
    expect(JSON.stringify(created[0])).not.toContain(res.code);
  });

  it('omits state when the client sent none', async () => {
    const { service } = setup();
    const res = await service.authorize(request({ state: undefined }), user);
    expect(new URL(res.redirectUri).searchParams.has('state')).toBe(false);
    expect(res.state).toBeNull();
  });

  it('echoes the state on errors sent to the redirect URI', async () => {
    const { service, created } = setup();
    for (const [over, error] of [
      [{ response_type: undefined }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'admin:all' }, 'invalid_scope'],
      [{ scope: 'users:read' }, 'invalid_scope'],
      [{ code_challenge_method: 'S256' }, 'invalid_request'],
    ] as const) {
      const res = await service.authorize(request({ ...over, state: 's-1' }), user);
      const url = new URL(res.redirectUri);
      expect([res.error, url.searchParams.get('error'), url.searchParams.get('state'), res.code]).toEqual([error, error, 's-1', null]);
      expect(url.origin + url.pathname).toBe('https://app.example/cb');
    }
    expect(created).toHaveLength(0);
  });

  it('never redirects for a missing or unknown client or an unregistered redirect URI', async () => {
    const { service } = setup();
    const codeOf = async (over: Record<string, string | undefined>) => {
      try {
        await service.authorize(request(over), user);
      } catch (e) {
        return (e as DomainError).code;
      }
      return 'redirected';
    };
    expect(await codeOf({ client_id: undefined })).toBe(IdentityError.OAUTH_INVALID_REQUEST);
    expect(await codeOf({ client_id: '44444444-4444-4444-8444-444444444444' })).toBe(IdentityError.OAUTH_INVALID_REQUEST);
    expect(await codeOf({ redirect_uri: 'https://evil.example/cb' })).toBe(IdentityError.OAUTH_INVALID_REDIRECT_URI);
    // Even when the rest of the request is wrong too: the redirect URI is checked first.
    expect(await codeOf({ redirect_uri: 'https://evil.example/cb', response_type: 'token' })).toBe(IdentityError.OAUTH_INVALID_REDIRECT_URI);
  });

  it('uses the only registered redirect URI when none is named, and requires one when several are registered', async () => {
    const single = setup();
    const res = await single.service.authorize(request({ redirect_uri: undefined }), user);
    expect(res.redirectUri.startsWith('https://app.example/cb?')).toBe(true);
    expect(single.created[0].redirectUriGiven).toBe(false);
    const several = setup(client({ redirectUris: ['https://app.example/cb', 'https://app.example/other'] }));
    await expect(several.service.authorize(request({ redirect_uri: undefined }), user)).rejects.toMatchObject({ code: IdentityError.OAUTH_INVALID_REDIRECT_URI });
  });

  it('requires PKCE of public clients and defaults the method to plain', async () => {
    const pub = setup(client({ tokenEndpointAuthMethod: 'none', secretHash: null }));
    expect((await pub.service.authorize(request(), user)).error).toBe('invalid_request');
    await pub.service.authorize(request({ code_challenge: CHALLENGE }), user);
    expect(pub.created[0]).toMatchObject({ codeChallenge: CHALLENGE, codeChallengeMethod: 'plain' });
  });

  it('only a login access token consents: not an API key, not an OAuth client token', async () => {
    const { service } = setup();
    await expect(service.authorize(request(), { ...user, kind: 'api_key' })).rejects.toMatchObject({ code: IdentityError.OAUTH_CONSENT_REQUIRES_USER });
    await expect(service.authorize(request(), { ...user, clientId: CLIENT_ID })).rejects.toMatchObject({ code: IdentityError.OAUTH_CONSENT_REQUIRES_USER });
  });

  it('finds the client in the user\'s own tenant only', async () => {
    const { service } = setup();
    const other = { ...user, homeTenantId: '55555555-5555-4555-8555-555555555555', tenantId: TENANT };
    await expect(service.authorize(request(), other)).rejects.toMatchObject({ code: IdentityError.OAUTH_INVALID_REQUEST });
  });
});
