import { createHash } from 'node:crypto';
import { DomainError, SCIM_SCOPE, SCIM_TOKEN_CHANNEL, type Principal, type ScimTokenRecord, type ScimTokenStore } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import { LRUCache } from 'lru-cache';

export { SCIM_TOKEN_CHANNEL };
/** `dps_scim_` + 43 base62 characters (identity: scim-token.repository.ts). */
export const SCIM_TOKEN_PATTERN = /^dps_scim_[0-9A-Za-z]{43}$/;
export const isScimToken = (token: string) => token.startsWith('dps_scim_');

type Cached = ScimTokenRecord | { unknown: true };

/**
 * SCIM bearer tokens at the edge: looked up by SHA-256 and cached (LRU, 30 s); identity
 * NOTIFYs every revocation (SCIM_TOKEN_CHANNEL) and `onNotification` drops the entry at once.
 * The principal (kind `scim_token`, scope SCIM_SCOPE) reaches only the SCIM routes and fields.
 */
export class ScimTokenAuthenticator {
  private readonly cache: LRUCache<string, Cached>;
  private epoch = 0;

  constructor(
    private readonly store: ScimTokenStore,
    private readonly options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.cache = new LRUCache<string, Cached>({ max: 10_000, ttl: options.ttlMs ?? 30_000 });
  }

  async verify(token: string): Promise<{ principal: Principal; credentialId: string }> {
    if (!SCIM_TOKEN_PATTERN.test(token)) throw new DomainError(IdentityError.SCIM_TOKEN_INVALID);
    const hash = createHash('sha256').update(token, 'utf8').digest('hex');
    let found = this.cache.get(hash);
    if (!found) {
      const epoch = this.epoch;
      found = (await this.store.findByHash(hash)) ?? { unknown: true };
      if (epoch === this.epoch) this.cache.set(hash, found);
    }
    if ('unknown' in found) throw new DomainError(IdentityError.SCIM_TOKEN_INVALID);
    if (found.revokedAt) throw new DomainError(IdentityError.SCIM_TOKEN_REVOKED);
    if (found.expiresAt && found.expiresAt.getTime() <= (this.options.now ?? Date.now)()) throw new DomainError(IdentityError.SCIM_TOKEN_EXPIRED);
    const tokenId = `scim:${found.tenantId}:${found.id}`;
    return {
      principal: { kind: 'scim_token', subject: `scim:${found.id}`, tenantId: found.tenantId, homeTenantId: found.tenantId, roles: [], scopes: [SCIM_SCOPE], tokenId },
      credentialId: tokenId,
    };
  }

  /** A NOTIFY payload: the SHA-256 of a token that changed. */
  onNotification(hash: string): void {
    this.epoch++;
    this.cache.delete(hash);
  }

  clear(): void {
    this.epoch++;
    this.cache.clear();
  }
}
