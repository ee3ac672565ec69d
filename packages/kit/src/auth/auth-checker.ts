import type { AuthChecker } from 'type-graphql';
import { DomainError, ErrorCode } from '../errors';
import type { RequestContext } from '../context';
import { hasCompletedMfa, isScopeLimited, SystemRole, type Principal } from './principal';

/**
 * Marker for `@Authorized(...)`: the field stays usable while the caller must change a
 * temporary password (principal.passwordChangeRequired). Every other guarded field answers
 * 403 DPF-IAM-010 to such a caller. It is neither a role nor a scope: `isAllowed` ignores it.
 */
export const ALLOW_DURING_PASSWORD_CHANGE = 'allow:password-change';

/**
 * Marker for `@Authorized(...)`: "bearer and MFA" (spec 1). The caller's access token must
 * come from a login completed with a second factor (`amr` contains `mfa`, RFC 8176); other
 * callers (API keys, password-only tokens) get 403 DPF-IAM-088.
 */
export const REQUIRE_MFA = 'require:mfa';

/** Markers (`allow:*`, `require:*`) modify how a field is guarded; they are not roles or scopes. */
const isMarker = (entry: string) => entry.startsWith('allow:') || entry.startsWith('require:');

/** The one scope of a SCIM token (docs/identity-scim.md): `@Authorized(SCIM_SCOPE)` on the SCIM fields. */
export const SCIM_SCOPE = 'scim:provision';

/**
 * `@Authorized(...)` rules. Entries starting with `allow:` are markers and ignored here.
 * Other entries containing ':' are scopes (`users:read`), the others are
 * roles. No entries: any authenticated caller. Roles: the caller holds one of them, or, on a
 * field open to ADMIN, its roles grant one of the listed permissions (`principal.permissions`:
 * a custom role delegates that part of the tenant administrator's access; fields for
 * PLATFORM_ADMIN alone are never reached this way). Scopes restrict API keys, OAuth client
 * tokens and service tokens: such a caller must hold one of the listed scopes (or `*`). A
 * service token has no roles, so it passes only scope-guarded fields.
 */
export function isAllowed(principal: Principal, required: readonly string[]): boolean {
  const rules = required.filter((r) => !isMarker(r));
  const roles = rules.filter((r) => !r.includes(':'));
  const scopes = rules.filter((r) => r.includes(':'));
  // SCIM tokens reach only the fields guarded by SCIM_SCOPE, and those fields take nothing else.
  if (principal.kind === 'scim_token' || scopes.includes(SCIM_SCOPE)) {
    return principal.kind === 'scim_token' && scopes.includes(SCIM_SCOPE) && principal.scopes.includes(SCIM_SCOPE);
  }
  if (principal.kind === 'service_token') {
    return scopes.length > 0 && hasScope(principal, scopes);
  }
  if (roles.length > 0 && !roles.some((r) => principal.roles.includes(r)) && !delegated(principal, roles, scopes)) return false;
  if (isScopeLimited(principal) && scopes.length > 0 && !hasScope(principal, scopes)) return false;
  return true;
}

const hasScope = (p: Principal, scopes: string[]) => p.scopes.includes('*') || scopes.some((s) => p.scopes.includes(s));

/** A field open to the tenant ADMIN, and the caller's roles grant one of the permissions it lists. */
const delegated = (p: Principal, roles: string[], scopes: string[]) =>
  roles.includes(SystemRole.ADMIN) && scopes.length > 0 && !!p.permissions?.some((perm) => scopes.includes(perm));

/**
 * The `authChecker` of every subgraph: 401 without a caller; 403 DPF-IAM-010 while the caller
 * must change a temporary password, except on fields marked ALLOW_DURING_PASSWORD_CHANGE;
 * 403 when the rules say no; 403 DPF-IAM-088 on REQUIRE_MFA fields without a completed MFA login.
 */
export const platformAuthChecker: AuthChecker<RequestContext> = ({ context }, required) => {
  const principal = context.principal;
  if (!principal) throw new DomainError(ErrorCode.AUTHENTICATION_REQUIRED);
  if (principal.passwordChangeRequired && !required.includes(ALLOW_DURING_PASSWORD_CHANGE)) {
    throw new DomainError(ErrorCode.PASSWORD_CHANGE_REQUIRED);
  }
  if (!isAllowed(principal, required)) throw new DomainError(ErrorCode.FORBIDDEN);
  if (required.includes(REQUIRE_MFA) && !hasCompletedMfa(principal)) throw new DomainError(ErrorCode.MFA_REQUIRED);
  return true;
};

/** For services: the caller or a 401. */
export function requirePrincipal(context: RequestContext): Principal {
  if (!context.principal) throw new DomainError(ErrorCode.AUTHENTICATION_REQUIRED);
  return context.principal;
}

/** The tenant the request acts in, or a 400 when the caller has none. */
export function requireTenant(context: RequestContext): string {
  const tenantId = requirePrincipal(context).tenantId;
  if (!tenantId) throw new DomainError(ErrorCode.TENANT_REQUIRED);
  return tenantId;
}
