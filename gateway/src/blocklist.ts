import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';

import { REVOCATION_CHANNEL, type RevokedTokenStore } from '@dataplat/kit';

export { REVOCATION_CHANNEL };

/** Where revoked access-token ids are looked up. */
export interface BlocklistStore {
  isRevoked(jti: string): Promise<boolean>;
  /** Records a revocation heard on the channel (no-op where identity already wrote it). */
  add(jti: string, expiresAtMs: number): Promise<void>;
  close(): Promise<void>;
}

/** The database store: identity's blocklist table, written and read by identity's code (RevokedTokenStore). */
export class DatabaseBlocklistStore implements BlocklistStore {
  constructor(private readonly revoked: RevokedTokenStore) {}
  isRevoked(jti: string): Promise<boolean> {
    return this.revoked.isRevoked(jti);
  }
  async add(): Promise<void> {}
  async close(): Promise<void> {}
}

/** The Redis store (REDIS_URL): one key per revoked token, expiring with the token. */
export class RedisBlocklistStore implements BlocklistStore {
  private readonly redis: Redis;
  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
  }
  async isRevoked(jti: string): Promise<boolean> {
    return (await this.redis.exists(`dataplat:bl:${jti}`)) === 1;
  }
  async add(jti: string, expiresAtMs: number): Promise<void> {
    const ttl = expiresAtMs - Date.now();
    if (ttl > 0) await this.redis.set(`dataplat:bl:${jti}`, '1', 'PX', ttl);
  }
  /** Copies live entries of identity's blocklist (revocations made while no edge listened). */
  async syncFrom(revoked: RevokedTokenStore): Promise<number> {
    const live = await revoked.live();
    for (const t of live) await this.add(t.jti, t.expiresAt.getTime());
    return live.length;
  }
  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/**
 * The gateway's blocklist check (spec 1, Authentication rule 2). Revocations arrive at once
 * through PostgreSQL LISTEN (the kit change channel, PgWakeChannel -> onNotification); a token seen revoked stays cached until it expires, a token
 * found clean is trusted for `clearTtlMs` only, so a notification missed during a reconnect
 * delays a revocation by at most that long.
 */
export class TokenBlocklist {
  private readonly revoked = new LRUCache<string, true>({ max: 100_000 });
  private readonly clear: LRUCache<string, true>;

  constructor(
    private readonly store: BlocklistStore,
    clearTtlMs = 2_000,
  ) {
    this.clear = new LRUCache<string, true>({ max: 100_000, ttl: clearTtlMs });
  }

  async isRevoked(jti: string): Promise<boolean> {
    if (this.revoked.has(jti)) return true;
    if (this.clear.has(jti)) return false;
    const revoked = await this.store.isRevoked(jti);
    if (revoked) this.revoked.set(jti, true);
    else this.clear.set(jti, true);
    return revoked;
  }

  markRevoked(jti: string, expiresAtMs: number): void {
    const ttl = expiresAtMs - Date.now();
    this.clear.delete(jti);
    if (ttl > 0) this.revoked.set(jti, true, { ttl });
  }

  /** Handler for REVOCATION_CHANNEL notifications ("<jti>|<expiresAtMs>"), see PgWakeChannel. */
  onNotification(payload: string, onError: (e: unknown) => void = () => undefined): void {
    const [jti, exp] = payload.split('|');
    if (!jti) return;
    const expiresAtMs = Number(exp) || Date.now() + 3_600_000;
    this.markRevoked(jti, expiresAtMs);
    this.store.add(jti, expiresAtMs).catch(onError);
  }

  /** After a lost notification connection: forget which tokens were found clean. */
  forgetClean(): void {
    this.clear.clear();
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}
