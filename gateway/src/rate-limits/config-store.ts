import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { TenantRateLimitConfig } from './tiers';

/**
 * The gateway's configuration store (spec 2 "Limits" rule 3): the only place tenant rate-limit
 * configurations live. Not a database table: in memory mode they are gone after a restart.
 */
export interface RateLimitConfigStore {
  get(tenantId: string): Promise<TenantRateLimitConfig | null>;
  set(config: TenantRateLimitConfig): Promise<void>;
  close(): Promise<void>;
}

/** One process (embedded mode, no REDIS_URL). */
export class MemoryRateLimitConfigStore implements RateLimitConfigStore {
  private readonly configs = new Map<string, TenantRateLimitConfig>();

  async get(tenantId: string): Promise<TenantRateLimitConfig | null> {
    return this.configs.get(tenantId) ?? null;
  }

  async set(config: TenantRateLimitConfig): Promise<void> {
    this.configs.set(config.tenantId, config);
  }

  async close(): Promise<void> {}
}

export const configKey = (tenantId: string): string => `dataplat:gw:rlcfg:${tenantId}`;

/**
 * Shared by every gateway instance (REDIS_URL). Each instance keeps what it read (a
 * configuration or its absence) for `cacheMs`, so a change takes effect everywhere within
 * that time (1 s by default) without a Redis read per request; the writing instance at once.
 */
export class RedisRateLimitConfigStore implements RateLimitConfigStore {
  private readonly redis: Redis;
  private readonly cache = new LRUCache<string, { config: TenantRateLimitConfig | null }>({ max: 100_000 });

  constructor(
    url: string,
    private readonly cacheMs = 1000,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  async get(tenantId: string): Promise<TenantRateLimitConfig | null> {
    const cached = this.cache.get(tenantId);
    if (cached) return cached.config;
    const raw = await this.redis.get(configKey(tenantId));
    const config = raw ? (JSON.parse(raw) as TenantRateLimitConfig) : null;
    this.cache.set(tenantId, { config }, { ttl: this.cacheMs });
    return config;
  }

  async set(config: TenantRateLimitConfig): Promise<void> {
    await this.redis.set(configKey(config.tenantId), JSON.stringify(config));
    this.cache.delete(config.tenantId);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
