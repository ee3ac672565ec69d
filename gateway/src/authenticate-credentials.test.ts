import { ErrorCode, TokenService } from '@dataplat/kit';
import type { ApiKeyRecord } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import { ApiKeyAuthenticator, hashKey } from './api-keys';
import { Authenticator } from './authenticate';

const KEY = `dpk_live_${'k'.repeat(43)}`;
const T = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OTHER_TENANT = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const record: ApiKeyRecord = {
  tenantId: T, id: 9, userId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', mode: 'TEST', status: 'ACTIVE', scopes: ['profile:read'], ipWhitelist: ['10.0.0.0/8'],
  rateLimit: 7, expiresAt: null, graceEndsAt: null, lastUsedAt: null, ownerEnabled: true, ownerRoles: ['USER'], ownerPermissions: ['profile:read'],
};

let tokens: TokenService;
let auth: Authenticator;
beforeAll(async () => {
  tokens = await TokenService.create('s'.repeat(40), 'test', { accessSeconds: 900, refreshSeconds: 3600, serviceSeconds: 300 });
  const store = { findByHash: async (hash: string) => (hash === hashKey(KEY) ? record : null) };
  auth = new Authenticator(tokens, { apiKeys: new ApiKeyAuthenticator(store) });
});

describe('Authenticator: API keys', () => {
  it('reads X-API-Key with the client address and carries the key rate limit', async () => {
    const out = await auth.authenticate({ 'x-api-key': KEY }, '10.1.1.1');
    expect(out.error).toBeUndefined();
    expect(out.principal).toMatchObject({ kind: 'api_key', tenantId: T, scopes: ['profile:read'], apiKeyMode: 'TEST' });
    expect(out.rateLimit).toEqual({ key: `k:${T}:9`, perMinute: 7 });
    expect((await auth.authenticate({ 'x-api-key': KEY }, '192.168.0.1')).error?.code).toBe(IdentityError.API_KEY_IP_NOT_ALLOWED);
  });

  it('applies X-Tenant-ID as for access tokens', async () => {
    expect((await auth.authenticate({ 'x-api-key': KEY, 'x-tenant-id': OTHER_TENANT }, '10.0.0.1')).error?.code).toBe(ErrorCode.TENANT_MISMATCH);
  });

  it('ignores X-API-Key when an Authorization header is present', async () => {
    const access = await tokens.issue('access', 'u', { tenant_id: T, roles: ['USER'] });
    const out = await auth.authenticate({ authorization: `Bearer ${access.token}`, 'x-api-key': 'garbage' }, null);
    expect(out.principal?.kind).toBe('access_token');
  });

  it('answers 503 (not 401) when the lookup itself fails, and 401 when keys are not configured', async () => {
    const broken = new Authenticator(tokens, { apiKeys: new ApiKeyAuthenticator({ findByHash: async () => { throw new Error('db down'); } }) });
    expect((await broken.authenticate({ 'x-api-key': KEY }, null)).error?.code).toBe(ErrorCode.UPSTREAM_UNAVAILABLE);
    expect((await new Authenticator(tokens).authenticate({ 'x-api-key': KEY }, null)).error?.code).toBe(IdentityError.API_KEY_INVALID);
  });
});

describe('Authenticator: service tokens', () => {
  it('accepts type service as kind service_token with the scope claim, no roles, no tenant', async () => {
    const svc = await tokens.issue('service', 'billing-worker', { scope: 'users:read service:introspect' });
    const out = await auth.authenticate({ authorization: `Bearer ${svc.token}` });
    expect(out.principal).toEqual({ kind: 'service_token', subject: 'billing-worker', tenantId: null, homeTenantId: null, roles: [], scopes: ['users:read', 'service:introspect'], tokenId: svc.jti });
    expect(out.credentialId).toBe(svc.jti);
  });

  it('lets a service name the tenant it acts in (a UUID)', async () => {
    const svc = await tokens.issue('service', 'w', { scope: 'users:read' });
    expect((await auth.authenticate({ authorization: `Bearer ${svc.token}`, 'x-tenant-id': OTHER_TENANT })).principal?.tenantId).toBe(OTHER_TENANT);
    expect((await auth.authenticate({ authorization: `Bearer ${svc.token}`, 'x-tenant-id': 'nope' })).error?.code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('leaves access and refresh tokens to the access-token path', async () => {
    const refresh = await tokens.issue('refresh', 'u', { tenant_id: T });
    expect((await auth.authenticate({ authorization: `Bearer ${refresh.token}` })).error?.code).toBe(ErrorCode.TOKEN_NOT_ACCESS);
    const access = await tokens.issue('access', 'u', { tenant_id: T, roles: [] });
    expect((await auth.authenticate({ authorization: `Bearer ${access.token}` })).principal?.kind).toBe('access_token');
    expect((await auth.authenticate({ authorization: `Bearer ${access.token}` })).principal?.kind).toBe('access_token');
  });

  it('refuses a forged or expired service token with the token errors', async () => {
    const svc = await tokens.issue('service', 'w', { scope: 'users:read' });
    const [h, p, s] = svc.token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), scope: '*' })).toString('base64url')}.${s}`;
    expect((await auth.authenticate({ authorization: `Bearer ${forged}` })).error?.code).toBe(ErrorCode.TOKEN_BAD_SIGNATURE);
    const expired = await tokens.issue('service', 'w', { scope: 'users:read' }, -10);
    expect((await auth.authenticate({ authorization: `Bearer ${expired.token}` })).error?.code).toBe(ErrorCode.TOKEN_EXPIRED);
  });
});
