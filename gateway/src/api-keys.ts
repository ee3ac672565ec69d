import { createHash } from 'node:crypto';
import { DomainError, type ApiKeyRecord, type ApiKeyStore, type Principal } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import { LRUCache } from 'lru-cache';
import type { ApiKeyUsageRecorder } from './api-key-usage';
import { IpAllowList } from './ip-allow-list';

import { API_KEY_CHANNEL } from '@dataplat/kit';

export { API_KEY_CHANNEL };
/** The key format (identity: api-key.secret.ts); anything else is refused without a lookup. */
export const API_KEY_PATTERN = /^dpk_(live|test)_[0-9A-Za-z]{43}$/;

export interface ApiKeyAuthResult {
  principal: Principal;
  /** Changes whenever the key is reloaded, so a signed principal is never reused across changes. */
  credentialId: string;
  rateLimit: { key: string; perMinute: number | null };
}

export interface ApiKeyAuthOptions {
  /** How long a looked-up key is trusted without a notification (default 30 s). */
  ttlMs?: number;
  /** How long an unknown hash is remembered (default 30 s). */
  negativeTtlMs?: number;
  max?: number;
  usage?: ApiKeyUsageRecorder;
  now?: () => number;
}

interface Entry {
  record: ApiKeyRecord;
  allow: IpAllowList | null;
  principal: Principal;
  credentialId: string;
  rateLimitKey: string;
}
const UNKNOWN = { unknown: true } as const;
type Cached = Entry | typeof UNKNOWN;

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * X-API-Key at the edge. Keys are looked up by SHA-256 and cached (LRU) with everything
 * the checks need precompiled: the principal, the allow-list as a BlockList. Identity
 * NOTIFYs every revoke, rotation and completion; `onNotification` drops the entry at once,
 * the TTL bounds staleness should a notification be lost. Time-based states (expiry, end
 * of a rotation's grace period) are checked on every request against the cached times.
 */
export class ApiKeyAuthenticator {
  private readonly cache: LRUCache<string, Cached>;
  private readonly inflight = new Map<string, Promise<Cached>>();
  private readonly ttlMs: number;
  private readonly negativeTtlMs: number;
  private readonly now: () => number;
  /** Bumped by every invalidation: a lookup that raced one is used once, never cached. */
  private epoch = 0;
  private loads = 0;

  constructor(
    private readonly store: Pick<ApiKeyStore, 'findByHash'>,
    private readonly options: ApiKeyAuthOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.negativeTtlMs = options.negativeTtlMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.cache = new LRUCache<string, Cached>({ max: options.max ?? 50_000, ttl: this.ttlMs, ttlResolution: 0, perf: { now: this.now } });
  }

  /** The caller of a presented key, or a DomainError saying why not (401, or 403 for the IP). */
  async verify(key: string, clientIp: string | null): Promise<ApiKeyAuthResult> {
    if (!API_KEY_PATTERN.test(key)) throw new DomainError(IdentityError.API_KEY_INVALID);
    const found = await this.lookup(hashKey(key));
    if ('unknown' in found) throw new DomainError(IdentityError.API_KEY_INVALID);
    const { record } = found;
    const now = this.now();
    if (record.status === 'REVOKED') throw new DomainError(IdentityError.API_KEY_REVOKED);
    if (record.status === 'ROTATING' && (!record.graceEndsAt || record.graceEndsAt.getTime() <= now)) throw new DomainError(IdentityError.API_KEY_GRACE_ENDED);
    if (record.status !== 'ACTIVE' && record.status !== 'ROTATING') throw new DomainError(IdentityError.API_KEY_REVOKED);
    if (record.expiresAt && record.expiresAt.getTime() <= now) throw new DomainError(IdentityError.API_KEY_EXPIRED);
    if (!record.ownerEnabled) throw new DomainError(IdentityError.API_KEY_OWNER_DISABLED);
    if (found.allow && !found.allow.allows(clientIp)) {
      throw new DomainError(IdentityError.API_KEY_IP_NOT_ALLOWED, undefined, { ip: clientIp });
    }
    this.options.usage?.seen(record.tenantId, record.id, clientIp, now, record.lastUsedAt?.getTime() ?? null);
    return { principal: found.principal, credentialId: found.credentialId, rateLimit: { key: found.rateLimitKey, perMinute: record.rateLimit } };
  }

  /**
   * A NOTIFY payload from identity: a key hash (that key changed or was created), or
   * `user:<tenant>:<user id>` (the owner changed: disabled, roles, deleted).
   */
  onNotification(payload: string): void {
    this.epoch++;
    if (payload.startsWith('user:')) {
      const [, tenantId, userId] = payload.split(':');
      for (const [hash, value] of this.cache.entries()) {
        if (!('unknown' in value) && value.record.tenantId === tenantId && value.record.userId === userId) this.cache.delete(hash);
      }
      return;
    }
    this.cache.delete(payload);
  }

  /** Forget everything (after missed notifications, e.g. a lost LISTEN connection). */
  clear(): void {
    this.epoch++;
    this.cache.clear();
  }

  private lookup(hash: string): Promise<Cached> {
    const hit = this.cache.get(hash);
    if (hit) return Promise.resolve(hit);
    let pending = this.inflight.get(hash);
    if (!pending) {
      const epoch = this.epoch;
      pending = this.load(hash)
        .then((value) => {
          if (epoch === this.epoch) this.cache.set(hash, value, { ttl: 'unknown' in value ? this.negativeTtlMs : this.ttlMs });
          return value;
        })
        .finally(() => this.inflight.delete(hash));
      this.inflight.set(hash, pending);
    }
    return pending;
  }

  private async load(hash: string): Promise<Cached> {
    const record = await this.store.findByHash(hash);
    if (!record) return UNKNOWN;
    const granted = new Set(record.ownerPermissions);
    const principal: Principal = {
      kind: 'api_key',
      subject: record.userId,
      tenantId: record.tenantId,
      homeTenantId: record.tenantId,
      roles: record.ownerRoles,
      // A scope the owner's roles no longer grant is not honoured, whatever the key says.
      scopes: record.scopes.filter((s) => granted.has(s)),
      // What the owner's roles grant: a custom role's permissions open the fields they name (isAllowed).
      permissions: [...granted].sort(),
      tokenId: `apikey:${record.tenantId}:${record.id}`,
      apiKeyMode: record.mode,
    };
    return {
      record,
      allow: IpAllowList.compile(record.ipWhitelist),
      principal,
      credentialId: `${principal.tokenId}:${++this.loads}`,
      rateLimitKey: `k:${record.tenantId}:${record.id}`,
    };
  }
}
