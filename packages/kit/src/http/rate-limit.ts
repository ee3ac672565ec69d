import Redis from 'ioredis';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds at which the current window resets. */
  resetAt: number;
}

/**
 * Fixed-window request counter. The memory store serves the embedded single-process mode;
 * with REDIS_URL every replica shares the Redis store, so limits hold across instances.
 */
export interface RateLimitStore {
  /** Counts one request for `key` in the window containing `now` and returns the count. */
  increment(key: string, windowIndex: number, windowSeconds: number): Promise<number>;
  close(): Promise<void>;
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    readonly windowSeconds = 60,
  ) {}

  async hit(key: string, limit: number, nowMs = Date.now()): Promise<RateLimitDecision> {
    const windowIndex = Math.floor(nowMs / 1000 / this.windowSeconds);
    const count = await this.store.increment(key, windowIndex, this.windowSeconds);
    return {
      allowed: count <= limit,
      limit,
      remaining: Math.max(0, limit - count),
      resetAt: (windowIndex + 1) * this.windowSeconds,
    };
  }
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counts = new Map<string, { count: number; expires: number }>();
  private nextSweep = 0;

  async increment(key: string, windowIndex: number, windowSeconds: number): Promise<number> {
    const now = Date.now();
    if (now >= this.nextSweep) this.sweep(now);
    const id = `${windowSeconds}:${windowIndex}:${key}`;
    const entry = this.counts.get(id);
    if (entry) return ++entry.count;
    this.counts.set(id, { count: 1, expires: (windowIndex + 2) * windowSeconds * 1000 });
    return 1;
  }

  /** Drops counts of windows that have ended, at most once a second. */
  private sweep(now: number): void {
    this.nextSweep = now + 1000;
    for (const [id, entry] of this.counts) if (entry.expires <= now) this.counts.delete(id);
  }

  async close(): Promise<void> {}
}

const INCREMENT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return c`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.defineCommand('rlIncrement', { numberOfKeys: 1, lua: INCREMENT });
  }

  async increment(key: string, windowIndex: number, windowSeconds: number): Promise<number> {
    const redis = this.redis as Redis & { rlIncrement(key: string, ttl: number): Promise<number> };
    // The key outlives its window a little so a slow clock never resets a count early.
    return redis.rlIncrement(`dataplat:rl:${key}:${windowIndex}`, windowSeconds * 2);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createRateLimitStore(redisUrl?: string): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
}
