import { DomainError, ErrorCode, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import { toRotation } from './api-key-rotation.service';
import type { ApiKeyRow, RotationRow } from './api-key.repository';
import { assertGrantable, normaliseAllowList, normaliseScopes, ownerOf, toApiKey } from './api-key.service';

const user: Principal = { kind: 'access_token', subject: 'u', tenantId: 'other', homeTenantId: 't', roles: ['USER'], scopes: [] };
const key: Principal = { ...user, kind: 'api_key', scopes: ['profile:read', 'api-keys:write'] };
const granted = new Set(['profile:read', 'profile:write', 'api-keys:write']);

function fails(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('did not throw');
}

describe('API key rules', () => {
  it('keys belong to the caller in their home tenant; service tokens own none', () => {
    expect(ownerOf(user)).toEqual({ tenantId: 't', userId: 'u' });
    expect(fails(() => ownerOf({ ...user, kind: 'service_token', homeTenantId: null })).code).toBe(ErrorCode.FORBIDDEN);
  });

  it('checks the scope format, naming the bad entry; dedupes and sorts', () => {
    expect(normaliseScopes(['users:read', 'profile:read', 'users:read'])).toEqual(['profile:read', 'users:read']);
    for (const bad of ['*', 'users', 'Users:read', 'users:read:all', ':read', 'users:', 'a b:c']) {
      const e = fails(() => normaliseScopes(['profile:read', bad]));
      expect(e.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(e.details).toEqual({ field: 'scopes', entry: bad });
    }
  });

  it('canonicalises CIDRs and names the entry that does not parse', () => {
    expect(normaliseAllowList(['10.0.0.0/8', '2001:DB8::/32', '10.0.0.0/8', '192.0.2.1'])).toEqual(['10.0.0.0/8', '2001:db8::/32', '192.0.2.1/32']);
    const e = fails(() => normaliseAllowList(['10.0.0.0/8', '10.0.0.0/33']));
    expect(e).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, details: { field: 'ipWhitelist', entry: '10.0.0.0/33' } });
    expect(e.message).toContain('"10.0.0.0/33"');
  });

  it("refuses scopes the owner's roles do not grant", () => {
    expect(() => assertGrantable(user, granted, ['profile:read', 'profile:write'])).not.toThrow();
    const e = fails(() => assertGrantable(user, granted, ['profile:read', 'users:read', 'roles:write']));
    expect(e).toMatchObject({ code: IdentityError.API_KEY_SCOPE_NOT_GRANTED, status: 400, details: { scopes: ['users:read', 'roles:write'] } });
  });

  it('a key creating a key cannot hand out scopes it does not hold itself', () => {
    expect(() => assertGrantable(key, granted, ['profile:read'])).not.toThrow();
    expect(fails(() => assertGrantable(key, granted, ['profile:write'])).details).toEqual({ scopes: ['profile:write'] });
  });
});

describe('effective states', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const row = (over: Partial<ApiKeyRow>): ApiKeyRow =>
    ({ id: 1, name: 'n', description: '', prefix: 'dpk_live_abcdefg', mode: 'LIVE', scopes: [], ipWhitelist: [], rateLimit: null, status: 'ACTIVE', expiresAt: null, lastUsedAt: null, lastUsedIp: null, revokedAt: null, createdAt: now, updatedAt: now, ...over }) as ApiKeyRow;

  it('reports expiry and the end of a rotation grace period', () => {
    expect(toApiKey(row({}), null, now).status).toBe('ACTIVE');
    expect(toApiKey(row({ expiresAt: now }), null, now).status).toBe('EXPIRED');
    expect(toApiKey(row({ status: 'REVOKED', expiresAt: now }), null, now).status).toBe('REVOKED');
    const later = new Date(now.getTime() + 1000);
    expect(toApiKey(row({ status: 'ROTATING' }), later, now)).toMatchObject({ status: 'ROTATING', graceEndsAt: later });
    expect(toApiKey(row({ status: 'ROTATING' }), now, now)).toMatchObject({ status: 'REVOKED', revokedAt: now });
  });

  it('counts an in-progress rotation past its grace period as EXPIRED', () => {
    const rot = { id: 1, oldKeyId: 1, newKeyId: 2, status: 'IN_PROGRESS', startedAt: now, graceEndsAt: now, completedAt: null } as RotationRow;
    expect(toRotation(rot, new Date(now.getTime() - 1)).status).toBe('IN_PROGRESS');
    expect(toRotation(rot, now).status).toBe('EXPIRED');
    expect(toRotation({ ...rot, status: 'COMPLETED' }, now).status).toBe('COMPLETED');
  });
});
