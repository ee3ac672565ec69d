import type { AuthCheckerFn, ResolverData } from 'type-graphql';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { ALLOW_DURING_PASSWORD_CHANGE, isAllowed, platformAuthChecker, REQUIRE_MFA, requirePrincipal, requireTenant, SCIM_SCOPE } from './auth-checker';
import type { Principal } from './principal';

const principal = (over: Partial<Principal>): Principal => ({
  kind: 'access_token',
  subject: 'user-1',
  tenantId: 't-1',
  homeTenantId: 't-1',
  roles: [],
  scopes: [],
  ...over,
});

const ADMIN_OR_READ = ['ADMIN', 'PLATFORM_ADMIN', 'users:read'];

describe('isAllowed', () => {
  it('lets any authenticated caller through an empty requirement list', () => {
    expect(isAllowed(principal({}), [])).toBe(true);
    expect(isAllowed(principal({ kind: 'api_key' }), [])).toBe(true);
  });

  it('refuses a service token an empty requirement list (it has no roles)', () => {
    expect(isAllowed(principal({ kind: 'service_token', scopes: ['*'] }), [])).toBe(false);
  });

  describe('access token', () => {
    it('needs one of the listed roles', () => {
      expect(isAllowed(principal({ roles: ['ADMIN'] }), ADMIN_OR_READ)).toBe(true);
      expect(isAllowed(principal({ roles: ['USER', 'PLATFORM_ADMIN'] }), ADMIN_OR_READ)).toBe(true);
      expect(isAllowed(principal({ roles: ['USER'] }), ADMIN_OR_READ)).toBe(false);
      expect(isAllowed(principal({ roles: [] }), ['ADMIN'])).toBe(false);
    });

    it('is not restricted by scopes', () => {
      expect(isAllowed(principal({ roles: ['ADMIN'], scopes: [] }), ADMIN_OR_READ)).toBe(true);
      expect(isAllowed(principal({ roles: [] }), ['users:read'])).toBe(true);
    });

    it('compares roles exactly', () => {
      expect(isAllowed(principal({ roles: ['admin'] }), ['ADMIN'])).toBe(false);
    });
  });

  describe('permissions granted by the roles (a custom role)', () => {
    const holder = (permissions: string[], over: Partial<Principal> = {}) => principal({ roles: ['BILLING_READER'], permissions, ...over });

    it('stand in for ADMIN on a field open to ADMIN that lists one of them', () => {
      expect(isAllowed(holder(['billing:read']), ['ADMIN', 'PLATFORM_ADMIN', 'billing:read'])).toBe(true);
      expect(isAllowed(holder(['tenants:read', 'billing:read']), ['ADMIN', 'PLATFORM_ADMIN', 'tenants:read'])).toBe(true);
      expect(isAllowed(holder(['billing:read']), ['ADMIN', 'PLATFORM_ADMIN', 'billing:write'])).toBe(false);
      expect(isAllowed(holder([]), ['ADMIN', 'PLATFORM_ADMIN', 'billing:read'])).toBe(false);
      expect(isAllowed(principal({ roles: ['USER'] }), ['ADMIN', 'PLATFORM_ADMIN', 'billing:read'])).toBe(false);
    });

    it('never open a field for PLATFORM_ADMIN alone, nor one that lists no permission', () => {
      expect(isAllowed(holder(['billing:read']), ['PLATFORM_ADMIN', 'billing:read'])).toBe(false);
      expect(isAllowed(holder(['tenants:write']), ['PLATFORM_ADMIN', 'tenants:write'])).toBe(false);
      expect(isAllowed(holder(['billing:read']), ['ADMIN', 'PLATFORM_ADMIN'])).toBe(false);
      expect(isAllowed(holder(['audit:read']), ['AUDITOR', 'audit:read'])).toBe(false);
    });

    it('still leave an API key to its own scopes', () => {
      const key = (scopes: string[]) => holder(['billing:read'], { kind: 'api_key', scopes });
      expect(isAllowed(key(['billing:read']), ['ADMIN', 'PLATFORM_ADMIN', 'billing:read'])).toBe(true);
      expect(isAllowed(key(['profile:read']), ['ADMIN', 'PLATFORM_ADMIN', 'billing:read'])).toBe(false);
    });

    it('do nothing for service and SCIM tokens', () => {
      expect(isAllowed(principal({ kind: 'service_token', permissions: ['billing:read'] }), ['ADMIN', 'PLATFORM_ADMIN'])).toBe(false);
      expect(isAllowed(principal({ kind: 'scim_token', scopes: [SCIM_SCOPE], permissions: ['billing:read'] }), ['ADMIN', 'PLATFORM_ADMIN', 'billing:read'])).toBe(false);
    });
  });

  describe('access token issued to an OAuth client', () => {
    const oauth = (roles: string[], scopes: string[]) => principal({ roles, scopes, clientId: 'client-1' });

    it('is limited to its granted scopes exactly as an API key', () => {
      expect(isAllowed(oauth(['ADMIN'], ['users:read']), ADMIN_OR_READ)).toBe(true);
      expect(isAllowed(oauth(['ADMIN'], ['profile:read']), ADMIN_OR_READ)).toBe(false);
      expect(isAllowed(oauth(['USER'], ['users:read']), ADMIN_OR_READ)).toBe(false);
      expect(isAllowed(oauth([], ['users:read']), ['users:read'])).toBe(true);
      // A login token (no client) is not checked against scopes.
      expect(isAllowed(principal({ roles: ['ADMIN'] }), ADMIN_OR_READ)).toBe(true);
    });
  });

  describe('api key', () => {
    const key = (roles: string[], scopes: string[]) => principal({ kind: 'api_key', roles, scopes });

    it('needs a listed role AND a listed scope', () => {
      expect(isAllowed(key(['ADMIN'], ['users:read']), ADMIN_OR_READ)).toBe(true);
      expect(isAllowed(key(['ADMIN'], ['users:write']), ADMIN_OR_READ)).toBe(false);
      expect(isAllowed(key(['USER'], ['users:read']), ADMIN_OR_READ)).toBe(false);
      expect(isAllowed(key(['ADMIN'], []), ADMIN_OR_READ)).toBe(false);
    });

    it('accepts any one of several listed scopes', () => {
      expect(isAllowed(key([], ['users:write']), ['users:read', 'users:write'])).toBe(true);
    });

    it('treats the "*" scope as every scope', () => {
      expect(isAllowed(key(['ADMIN'], ['*']), ADMIN_OR_READ)).toBe(true);
      expect(isAllowed(key([], ['*']), ['users:read'])).toBe(true);
      expect(isAllowed(key(['USER'], ['*']), ADMIN_OR_READ)).toBe(false);
    });

    it('needs only the role when no scope is listed', () => {
      expect(isAllowed(key(['ADMIN'], []), ['ADMIN'])).toBe(true);
    });
  });

  describe('the password-change marker', () => {
    it('is neither a role nor a scope', () => {
      expect(ALLOW_DURING_PASSWORD_CHANGE).toBe('allow:password-change');
      expect(isAllowed(principal({}), [ALLOW_DURING_PASSWORD_CHANGE])).toBe(true);
      expect(isAllowed(principal({ kind: 'api_key', scopes: [] }), [ALLOW_DURING_PASSWORD_CHANGE])).toBe(true);
      expect(isAllowed(principal({ roles: ['USER'] }), ['ADMIN', ALLOW_DURING_PASSWORD_CHANGE])).toBe(false);
      expect(isAllowed(principal({ kind: 'api_key', roles: ['USER'], scopes: ['profile:write'] }), [ALLOW_DURING_PASSWORD_CHANGE, 'profile:write'])).toBe(true);
      expect(isAllowed(principal({ kind: 'api_key', roles: ['USER'], scopes: [] }), [ALLOW_DURING_PASSWORD_CHANGE, 'profile:write'])).toBe(false);
    });

    it('does not let a service token through a guard with no other rule', () => {
      expect(isAllowed(principal({ kind: 'service_token', scopes: ['*'] }), [ALLOW_DURING_PASSWORD_CHANGE])).toBe(false);
    });
  });

  describe('service token', () => {
    const service = (scopes: string[], roles: string[] = []) => principal({ kind: 'service_token', subject: 'billing', roles, scopes, tenantId: null });

    it('is judged by scopes only', () => {
      expect(isAllowed(service(['users:read']), ADMIN_OR_READ)).toBe(true);
      expect(isAllowed(service(['*']), ADMIN_OR_READ)).toBe(true);
      expect(isAllowed(service(['users:write']), ADMIN_OR_READ)).toBe(false);
    });

    it('never passes a role-only guard, whatever roles it claims', () => {
      expect(isAllowed(service(['*'], ['ADMIN']), ['ADMIN'])).toBe(false);
    });
  });
});

describe('platformAuthChecker', () => {
  const checker = platformAuthChecker as AuthCheckerFn<RequestContext>;
  const check = (p: Principal | undefined, roles: string[]) =>
    checker({ context: { principal: p } as RequestContext } as ResolverData<RequestContext>, roles);

  function thrown(fn: () => unknown): DomainError {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      return e as DomainError;
    }
    throw new Error('expected a DomainError');
  }

  it('REQUIRE_MFA: 403 DPF-IAM-088 unless the token\'s amr holds mfa; roles still apply; it is no role or scope', () => {
    expect(thrown(() => check(principal({}), [REQUIRE_MFA])).code).toBe('DPF-IAM-088');
    expect(thrown(() => check(principal({ amr: ['pwd'] }), [REQUIRE_MFA])).code).toBe('DPF-IAM-088');
    expect(thrown(() => check(principal({ kind: 'api_key', scopes: ['*'] }), [REQUIRE_MFA])).code).toBe('DPF-IAM-088');
    expect(check(principal({ amr: ['pwd', 'otp', 'mfa'] }), [REQUIRE_MFA])).toBe(true);
    expect(thrown(() => check(principal({ amr: ['pwd', 'otp', 'mfa'] }), ['ADMIN', REQUIRE_MFA])).code).toBe('DPF-AUTH-007');
    expect(isAllowed(principal({}), [REQUIRE_MFA])).toBe(true);
  });

  it('returns true when allowed', () => {
    expect(check(principal({ roles: ['ADMIN'] }), ['ADMIN'])).toBe(true);
    expect(check(principal({}), [])).toBe(true);
  });

  it('throws 401 DPF-AUTH-001 without a principal', () => {
    const e = thrown(() => check(undefined, []));
    expect([e.status, e.code, e.message]).toEqual([401, 'DPF-AUTH-001', 'Authentication required']);
  });

  it('throws 403 DPF-AUTH-007 when the rules say no', () => {
    const e = thrown(() => check(principal({ roles: ['USER'] }), ['ADMIN']));
    expect([e.status, e.code, e.message]).toEqual([403, 'DPF-AUTH-007', 'Insufficient permissions']);
  });

  describe('while the password must be changed', () => {
    const pending = principal({ roles: ['ADMIN'], passwordChangeRequired: true });

    it('throws 403 DPF-IAM-010 on every guarded field without the marker', () => {
      for (const required of [[], ['ADMIN'], ['ADMIN', 'users:read'], ['profile:write']]) {
        const e = thrown(() => check(pending, required));
        expect([e.status, e.code]).toEqual([403, 'DPF-IAM-010']);
      }
    });

    it('lets the marked fields through, their other rules still applying', () => {
      expect(check(pending, [ALLOW_DURING_PASSWORD_CHANGE])).toBe(true);
      expect(check(pending, [ALLOW_DURING_PASSWORD_CHANGE, 'profile:write'])).toBe(true);
      const e = thrown(() => check(principal({ roles: ['USER'], passwordChangeRequired: true }), ['ADMIN', ALLOW_DURING_PASSWORD_CHANGE]));
      expect(e.code).toBe('DPF-AUTH-007');
    });

    it('changes nothing for a caller without the flag', () => {
      expect(check(principal({ roles: ['ADMIN'] }), ['ADMIN'])).toBe(true);
      expect(check(principal({ roles: ['ADMIN'], passwordChangeRequired: false }), ['ADMIN'])).toBe(true);
    });
  });
});

describe('requirePrincipal / requireTenant', () => {
  const ctx = (p?: Principal) => ({ principal: p }) as RequestContext;

  it('returns the principal and its tenant', () => {
    const p = principal({ tenantId: 't-9' });
    expect(requirePrincipal(ctx(p))).toBe(p);
    expect(requireTenant(ctx(p))).toBe('t-9');
  });

  it('is a 401 without a caller', () => {
    expect(() => requireTenant(ctx())).toThrow(expect.objectContaining({ status: 401, code: 'DPF-AUTH-001' }));
    expect(() => requirePrincipal(ctx())).toThrow(expect.objectContaining({ status: 401 }));
  });

  it('is a 400 DPF-API-012 when the caller has no tenant', () => {
    expect(() => requireTenant(ctx(principal({ tenantId: null })))).toThrow(expect.objectContaining({ status: 400, code: 'DPF-API-012' }));
  });
});

describe('SCIM tokens', () => {
  const scim = principal({ kind: 'scim_token', subject: 'scim:1', scopes: [SCIM_SCOPE] });

  it('reach the fields guarded by the SCIM scope, and nothing else', () => {
    expect(isAllowed(scim, [SCIM_SCOPE])).toBe(true);
    expect(isAllowed(scim, [])).toBe(false);
    expect(isAllowed(scim, ['users:read'])).toBe(false);
    expect(isAllowed(scim, ADMIN_OR_READ)).toBe(false);
    expect(isAllowed({ ...scim, scopes: [] }, [SCIM_SCOPE])).toBe(false);
  });

  it('are the only callers of the SCIM fields, whatever the roles or scopes of others', () => {
    expect(isAllowed(principal({ roles: ['PLATFORM_ADMIN', 'ADMIN'] }), [SCIM_SCOPE])).toBe(false);
    expect(isAllowed(principal({ kind: 'api_key', roles: ['ADMIN'], scopes: ['*'] }), [SCIM_SCOPE])).toBe(false);
    expect(isAllowed(principal({ kind: 'service_token', scopes: ['*', SCIM_SCOPE] }), [SCIM_SCOPE])).toBe(false);
  });
});
