import { isAdministrator, PERMISSIONS_CHANNEL, type PermissionStore, type Principal } from '@dataplat/kit';
import { LRUCache } from 'lru-cache';

export { PERMISSIONS_CHANNEL };

interface Entry {
  permissions: string[];
  /** Changes with every load, so a principal signed with other permissions is never reused. */
  version: number;
}

/**
 * The permissions of the users behind access tokens, for `isAllowed` (a custom role gives
 * access through them: docs/identity-users-roles.md). Only callers that hold neither ADMIN nor
 * PLATFORM_ADMIN need them. Cached per user and set of role names (a token's `roles` claim,
 * so a role change, which also revokes the tokens, means a new entry) for 30 s; identity
 * NOTIFYs every change of a role's permissions (PERMISSIONS_CHANNEL) and `clear` drops them all.
 */
export class PermissionDirectory {
  private readonly cache: LRUCache<string, Entry>;
  private readonly inflight = new Map<string, Promise<Entry>>();
  private epoch = 0;
  private loads = 0;

  constructor(
    private readonly store: PermissionStore,
    options: { ttlMs?: number; max?: number } = {},
  ) {
    this.cache = new LRUCache<string, Entry>({ max: options.max ?? 100_000, ttl: options.ttlMs ?? 30_000 });
  }

  /**
   * The principal with its permissions, and a credential id that changes with them; unchanged
   * for administrators, and for credentials that are not a user's access token.
   */
  async withPermissions(principal: Principal, credentialId: string | undefined): Promise<{ principal: Principal; credentialId?: string }> {
    if (principal.kind !== 'access_token' || !principal.homeTenantId || isAdministrator(principal)) return { principal, credentialId };
    const entry = await this.lookup(principal.homeTenantId, principal.subject, principal.roles);
    return { principal: { ...principal, permissions: entry.permissions }, credentialId: `${credentialId ?? principal.tokenId}~p${entry.version}` };
  }

  /** Any NOTIFY on PERMISSIONS_CHANNEL, and a lost LISTEN connection: forget everything. */
  clear(): void {
    this.epoch++;
    this.cache.clear();
  }

  private lookup(tenantId: string, userId: string, roles: string[]): Promise<Entry> {
    const key = `${tenantId}|${userId}|${[...roles].sort().join(',')}`;
    const hit = this.cache.get(key);
    if (hit) return Promise.resolve(hit);
    // A lookup started before an invalidation is not shared with those after it.
    const flight = `${this.epoch}|${key}`;
    let pending = this.inflight.get(flight);
    if (!pending) {
      const epoch = this.epoch;
      pending = this.store
        .permissionsOf(tenantId, userId)
        .then((permissions) => {
          const entry = { permissions, version: ++this.loads };
          if (epoch === this.epoch) this.cache.set(key, entry);
          return entry;
        })
        .finally(() => this.inflight.delete(flight));
      this.inflight.set(flight, pending);
    }
    return pending;
  }
}
