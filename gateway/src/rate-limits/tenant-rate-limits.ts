import { DomainError, ErrorCode } from '@dataplat/kit';
import { MemoryRateLimitConfigStore, RedisRateLimitConfigStore, type RateLimitConfigStore } from './config-store';
import { RedisTenantLimiter } from './redis-limiter';
import { resolveConfig, rulesOf, type RateLimitRequest, type TenantRateLimitConfig } from './tiers';
import { MemoryTenantLimiter, type TenantLimitDecision, type TenantLimiter } from './token-bucket';

/**
 * Per-tenant gateway rate limits: the configurations (set by platform administrators) and
 * the token buckets they enable. A tenant without a configuration is not limited here.
 */
export class TenantRateLimits {
  constructor(
    readonly store: RateLimitConfigStore,
    private readonly limiter: TenantLimiter,
  ) {}

  async configure(tenantId: string, request: RateLimitRequest): Promise<TenantRateLimitConfig> {
    const config = resolveConfig(tenantId, request);
    await this.store.set(config);
    return config;
  }

  async configuration(tenantId: string): Promise<TenantRateLimitConfig> {
    const config = await this.store.get(tenantId);
    if (!config) throw new DomainError(ErrorCode.RATE_LIMIT_NOT_CONFIGURED);
    return config;
  }

  /** One request of `tenantId`: null when the tenant has no configuration. */
  async hit(tenantId: string): Promise<TenantLimitDecision | null> {
    const config = await this.store.get(tenantId);
    if (!config || !config.windows.length) return null;
    return this.limiter.consume(tenantId, rulesOf(config));
  }

  async close(): Promise<void> {
    await Promise.all([this.store.close(), this.limiter.close()]);
  }
}

/** Redis for both when REDIS_URL is set (shared by every instance), memory otherwise. */
export function createTenantRateLimits(redisUrl?: string): TenantRateLimits {
  return redisUrl
    ? new TenantRateLimits(new RedisRateLimitConfigStore(redisUrl), new RedisTenantLimiter(redisUrl))
    : new TenantRateLimits(new MemoryRateLimitConfigStore(), new MemoryTenantLimiter());
}

/** Response headers of a limited tenant (spec 2 "Limits" rule 2; hour ones as an extension). */
export function tenantLimitHeaders(decision: TenantLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const w of decision.windows) {
    headers[`x-ratelimit-limit-${w.window}`] = String(w.limit);
    headers[`x-ratelimit-remaining-${w.window}`] = String(w.remaining);
  }
  headers['ratelimit-reset'] = String(decision.resetSeconds);
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfterSeconds);
  return headers;
}
