import type { Principal, TokenService } from '@dataplat/kit';
import { LRUCache } from 'lru-cache';
import { requestedTenant } from './tenant-header';


/** The `type` claim, read without verification (only to choose how to verify). */
export function peekTokenType(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))?.type;
  } catch {
    return undefined;
  }
}

/**
 * Bearer tokens of type `service` (client credentials, 5 minutes): principal kind
 * `service_token`, scopes from the space-delimited `scope` claim, no roles, no tenant of
 * its own. Verified once and cached until the token expires.
 */
export class ServiceTokenVerifier {
  private readonly verified = new LRUCache<string, Principal>({ max: 20_000 });

  constructor(private readonly tokens: TokenService) {}

  /** Undefined when the token does not claim to be a service token. */
  async verify(token: string): Promise<Principal | undefined> {
    const hit = this.verified.get(token);
    if (hit) return hit;
    if (peekTokenType(token) !== 'service') return undefined;
    const claims = await this.tokens.verify(token, 'service');
    const principal: Principal = {
      kind: 'service_token',
      subject: claims.sub,
      tenantId: null,
      homeTenantId: null,
      roles: [],
      scopes: typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [],
      tokenId: claims.jti,
    };
    this.verified.set(token, principal, { ttl: Math.max(1, claims.exp * 1000 - Date.now()) });
    return principal;
  }
}

/**
 * X-Tenant-ID for a service token: a service works for many tenants, so it may name the
 * tenant it acts in (a UUID); its scopes still decide what it may do there.
 */
export function withServiceTenant(principal: Principal, header: string | undefined): Principal {
  const requested = requestedTenant(header);
  return requested ? { ...principal, tenantId: requested } : principal;
}
