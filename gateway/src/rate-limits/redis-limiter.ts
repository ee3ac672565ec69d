import Redis from 'ioredis';
import { bucketTtlMs, refillPerMs, report, type TenantLimitDecision, type TenantLimiter } from './token-bucket';
import type { WindowRule } from './tiers';

/**
 * Every window of one request in one script, so concurrent requests on any number of gateway
 * instances are serialized by Redis: all buckets pass and pay one token, or none pays.
 * KEYS: one hash per window (fields t = tokens, a = epoch ms). ARGV[1]: now in ms (0: Redis
 * TIME, the one clock every instance shares); then per window: burst, tokens per ms, TTL ms.
 * Returns 1/0 and each bucket's tokens as strings (Lua numbers would be truncated).
 */
export const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
if now == 0 then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local n = #KEYS
local tokens = {}
local allowed = 1
for i = 1, n do
  local burst = tonumber(ARGV[2 + (i - 1) * 3])
  local rate = tonumber(ARGV[3 + (i - 1) * 3])
  local state = redis.call('HMGET', KEYS[i], 't', 'a')
  local t = burst
  if state[1] then
    local elapsed = now - tonumber(state[2])
    if elapsed < 0 then elapsed = 0 end
    t = math.min(burst, tonumber(state[1]) + elapsed * rate)
  end
  tokens[i] = t
  if t < 1 then allowed = 0 end
end
local out = { allowed }
for i = 1, n do
  if allowed == 1 then tokens[i] = tokens[i] - 1 end
  redis.call('HSET', KEYS[i], 't', string.format('%.17g', tokens[i]), 'a', now)
  redis.call('PEXPIRE', KEYS[i], ARGV[4 + (i - 1) * 3])
  out[i + 1] = string.format('%.17g', tokens[i])
end
return out`;

export const bucketKey = (tenantId: string, window: string): string => `dataplat:gw:tb:{${tenantId}}:${window}`;

/** Tenant buckets shared by every gateway instance through Redis (REDIS_URL). */
export class RedisTenantLimiter implements TenantLimiter {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.defineCommand('gwTakeTokens', { lua: TAKE_SCRIPT });
  }

  /** `now` is for tests; by default Redis's clock decides. */
  async consume(tenantId: string, rules: WindowRule[], now = 0): Promise<TenantLimitDecision> {
    const args: Array<string | number> = [rules.length, ...rules.map((r) => bucketKey(tenantId, r.window)), now];
    for (const r of rules) args.push(r.burst, refillPerMs(r).toPrecision(17), bucketTtlMs(r));
    const redis = this.redis as Redis & { gwTakeTokens(...a: Array<string | number>): Promise<string[] | number[]> };
    const [allowed, ...tokens] = (await redis.gwTakeTokens(...args)).map(Number);
    return report(rules, allowed === 1, tokens);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
