import { DomainError, ErrorCode, first, isPlatformAdmin, type Principal, type TokenService } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import { LRUCache } from 'lru-cache';
import type { ApiKeyAuthenticator } from './api-keys';
import { requestedTenant } from './tenant-header';
import type { TokenBlocklist } from './blocklist';
import type { PermissionDirectory } from './permissions';
import { isScimToken, type ScimTokenAuthenticator } from './scim-tokens';
import { ServiceTokenVerifier, withServiceTenant } from './service-tokens';
import type { TenantAccessGate } from './tenant-access';

type Headers = Record<string, string | string[] | undefined>;

/** Outcome of reading a request's credentials: a principal, nothing, or the reason it failed. */
export interface AuthOutcome {
  principal?: Principal;
  error?: DomainError;
  /** Stable id of the presented credential (token jti), to cache derived work. */
  credentialId?: string;
  /** API keys: their own rate-limit bucket and limit per minute (null: the platform default). */
  rateLimit?: { key: string; perMinute: number | null };
}

/** Credentials other than bearer access tokens that the edge accepts when configured. */
export interface AuthenticatorExtensions {
  /** X-API-Key (spec 1 "Authentication"); without it a presented key is refused. */
  apiKeys?: ApiKeyAuthenticator;
  /** Revoked access tokens (spec 1, Authentication rule 2); without it none are refused early. */
  blocklist?: TokenBlocklist;
  /** Users of suspended tenants (docs/tenant-lifecycle.md); without it no tenant is refused. */
  tenants?: TenantAccessGate;
  /** SCIM bearer tokens (`dps_scim_`); without it one is refused. */
  scimTokens?: ScimTokenAuthenticator;
  /** Permissions of users without ADMIN or PLATFORM_ADMIN (custom roles); without it they have none. */
  permissions?: PermissionDirectory;
}

const ANONYMOUS: AuthOutcome = {};

/**
 * Turns request headers into a principal. Bearer access tokens are verified with jose (key
 * imported once) and the result cached until the token expires. X-Tenant-ID (any case)
 * selects the tenant: a platform admin may act in any tenant, everyone else only in their own.
 */
export class Authenticator {
  private readonly verified = new LRUCache<string, { principal: Principal; jti: string }>({ max: 100_000 });

  private readonly services: ServiceTokenVerifier;

  constructor(
    private readonly tokens: TokenService,
    private readonly extensions: AuthenticatorExtensions = {},
  ) {
    this.services = new ServiceTokenVerifier(tokens);
  }

  /**
   * `clientIp` is the client address as the edge resolved it (clientOf), for API-key
   * allow-lists. X-API-Key counts only when there is no Authorization header.
   */
  async authenticate(headers: Headers, clientIp: string | null = null): Promise<AuthOutcome> {
    let outcome = await this.credentials(headers, clientIp);
    if (outcome.principal && this.extensions.permissions) {
      try {
        outcome = { ...outcome, ...(await this.extensions.permissions.withPermissions(outcome.principal, outcome.credentialId)) };
      } catch {
        // Like the blocklist: a store that cannot be read is a 503, never a silent "no access".
        return { error: new DomainError(ErrorCode.UPSTREAM_UNAVAILABLE) };
      }
    }
    if (!outcome.principal || !this.extensions.tenants) return outcome;
    try {
      await this.extensions.tenants.check(outcome.principal);
      return outcome;
    } catch (e) {
      return { error: e as DomainError };
    }
  }

  private async credentials(headers: Headers, clientIp: string | null): Promise<AuthOutcome> {
    const authorization = first(headers.authorization);
    if (!authorization) return this.apiKey(first(headers['x-api-key']), clientIp, first(headers['x-tenant-id']));
    const scim = /^Bearer\s+(dps_scim_\S*)\s*$/i.exec(authorization)?.[1];
    if (scim !== undefined && isScimToken(scim)) return this.scimToken(scim);
    const service = await this.serviceToken(authorization, first(headers['x-tenant-id']));
    if (service) return service;
    try {
      const { principal, jti } = await this.bearer(authorization);
      if (await this.revoked(jti)) throw new DomainError(ErrorCode.TOKEN_REVOKED);
      return { principal: withTenant(principal, first(headers['x-tenant-id'])), credentialId: jti };
    } catch (e) {
      return { error: e instanceof DomainError ? e : new DomainError(ErrorCode.TOKEN_MALFORMED) };
    }
  }

  /** A SCIM token acts only in its own tenant: X-Tenant-ID is not applied to it. */
  private async scimToken(token: string): Promise<AuthOutcome> {
    if (!this.extensions.scimTokens) return { error: new DomainError(IdentityError.SCIM_TOKEN_INVALID) };
    try {
      return await this.extensions.scimTokens.verify(token);
    } catch (e) {
      return { error: e instanceof DomainError ? e : new DomainError(ErrorCode.UPSTREAM_UNAVAILABLE) };
    }
  }

  /** A blocklist that cannot be read (store down) fails closed, as a 503. */
  private async revoked(jti: string): Promise<boolean> {
    if (!this.extensions.blocklist) return false;
    try {
      return await this.extensions.blocklist.isRevoked(jti);
    } catch {
      throw new DomainError(ErrorCode.UPSTREAM_UNAVAILABLE);
    }
  }

  private async apiKey(key: string | undefined, clientIp: string | null, tenantHeader: string | undefined): Promise<AuthOutcome> {
    if (key === undefined) return ANONYMOUS;
    if (!this.extensions.apiKeys) return { error: new DomainError(IdentityError.API_KEY_INVALID) };
    try {
      const { principal, credentialId, rateLimit } = await this.extensions.apiKeys.verify(key.trim(), clientIp);
      return { principal: withTenant(principal, tenantHeader), credentialId, rateLimit };
    } catch (e) {
      // A failed lookup (database unreachable) is not a bad key: 503, never a silent 401.
      return { error: e instanceof DomainError ? e : new DomainError(ErrorCode.UPSTREAM_UNAVAILABLE) };
    }
  }

  /** A bearer token of type `service`; undefined for anything else (the access-token path decides). */
  private async serviceToken(authorization: string, tenantHeader: string | undefined): Promise<AuthOutcome | undefined> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!token || this.verified.has(token)) return undefined;
    try {
      const principal = await this.services.verify(token);
      return principal && { principal: withServiceTenant(principal, tenantHeader), credentialId: principal.tokenId };
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
      // An OAuth client's token (RFC 9068) acts only within its granted scopes.
      scopes: typeof claims.client_id === 'string' && typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [],
      ...(typeof claims.client_id === 'string' ? { clientId: claims.client_id } : {}),
      tokenId: claims.jti,
      sessionId: typeof claims.sid === 'number' ? claims.sid : undefined,
      ...(claims.pwd_change_required === true ? { passwordChangeRequired: true } : {}),
      ...(Array.isArray(claims.amr) ? { amr: claims.amr.map(String) } : {}),
    };
    const entry = { principal, jti: claims.jti };
    this.verified.set(token, entry, { ttl: Math.max(1, claims.exp * 1000 - Date.now()) });
    return entry;
  }
}

/** Applies X-Tenant-ID: must match the credential's tenant unless the caller is a platform admin. */
export function withTenant(principal: Principal, header: string | undefined): Principal {
  const requested = requestedTenant(header);
  if (!requested || requested === principal.tenantId?.toLowerCase()) return principal;
  if (!isPlatformAdmin(principal)) throw new DomainError(ErrorCode.TENANT_MISMATCH);
  return { ...principal, tenantId: requested };
}
