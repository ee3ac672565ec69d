import { DomainError, ErrorCode, first, isPlatformAdmin, type Principal, type TokenService } from '@dataplat/kit';
import { LRUCache } from 'lru-cache';

type Headers = Record<string, string | string[] | undefined>;

/** Outcome of reading a request's credentials: a principal, nothing, or the reason it failed. */
export interface AuthOutcome {
  principal?: Principal;
  error?: DomainError;
  /** Stable id of the presented credential (token jti), to cache derived work. */
  credentialId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ANONYMOUS: AuthOutcome = {};

/**
 * Turns request headers into a principal. Bearer access tokens are verified with jose (key
 * imported once) and the result cached until the token expires. X-Tenant-ID (any case)
 * selects the tenant: a platform admin may act in any tenant, everyone else only in their own.
 */
export class Authenticator {
  private readonly verified = new LRUCache<string, { principal: Principal; jti: string }>({ max: 100_000 });

  constructor(private readonly tokens: TokenService) {}

  async authenticate(headers: Headers): Promise<AuthOutcome> {
    const authorization = first(headers.authorization);
    if (!authorization) return ANONYMOUS;
    try {
      const { principal, jti } = await this.bearer(authorization);
      return { principal: withTenant(principal, first(headers['x-tenant-id'])), credentialId: jti };
    } catch (e) {
      return { error: e instanceof DomainError ? e : new DomainError(ErrorCode.TOKEN_MALFORMED) };
    }
  }

  private async bearer(authorization: string): Promise<{ principal: Principal; jti: string }> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw new DomainError(ErrorCode.TOKEN_MALFORMED);
    const token = match[1];
    const hit = this.verified.get(token);
    if (hit) return hit;
    const claims = await this.tokens.verify(token, 'access');
    const principal: Principal = {
      kind: 'access_token',
      subject: claims.sub,
      tenantId: claims.tenant_id ?? null,
      homeTenantId: claims.tenant_id ?? null,
      roles: Array.isArray(claims.roles) ? claims.roles.map(String) : [],
      scopes: [],
      tokenId: claims.jti,
      sessionId: typeof claims.sid === 'number' ? claims.sid : undefined,
      ...(claims.pwd_change_required === true ? { passwordChangeRequired: true } : {}),
    };
    const entry = { principal, jti: claims.jti };
    this.verified.set(token, entry, { ttl: Math.max(1, claims.exp * 1000 - Date.now()) });
    return entry;
  }
}

/** Applies X-Tenant-ID: must match the credential's tenant unless the caller is a platform admin. */
export function withTenant(principal: Principal, header: string | undefined): Principal {
  const requested = header?.trim().toLowerCase();
  if (!requested || requested === principal.tenantId?.toLowerCase()) return principal;
  if (!UUID.test(requested)) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'X-Tenant-ID must be a tenant id (UUID)');
  if (!isPlatformAdmin(principal)) throw new DomainError(ErrorCode.TENANT_MISMATCH);
  return { ...principal, tenantId: requested };
}
