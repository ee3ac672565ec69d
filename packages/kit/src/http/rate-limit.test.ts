import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { createRateLimitStore, MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './rate-limit';

/** A window boundary for 60 s windows (1_800_000_000 is a multiple of 60). */
const T0 = 1_800_000_000;
const at = (seconds: number) => (T0 + seconds) * 1000;

describe('RateLimiter with the memory store', () => {
  let limiter: RateLimiter;
  beforeEach(() => {
    limiter = new RateLimiter(new MemoryRateLimitStore(), 60);
  });

  it('counts remaining requests down and refuses past the limit', async () => {
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await limiter.hit('tenant-a', 3, at(10)));
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions.every((d) => d.limit === 3)).toBe(true);
  });

  it('reports the end of the current window as resetAt (epoch seconds)', async () => {
    expect((await limiter.hit('k', 10, at(0))).resetAt).toBe(T0 + 60);
    expect((await limiter.hit('k', 10, at(59.999))).resetAt).toBe(T0 + 60);
    expect((await limiter.hit('k', 10, at(60))).resetAt).toBe(T0 + 120);
  });

  it('keeps counting to the last millisecond of a window and starts afresh in the next', async () => {
    await limiter.hit('k', 2, at(1));
    await limiter.hit('k', 2, at(30));
    expect((await limiter.hit('k', 2, at(59.999))).allowed).toBe(false);
    const next = await limiter.hit('k', 2, at(60));
    expect(next).toEqual({ allowed: true, limit: 2, remaining: 1, resetAt: T0 + 120 });
  });

  it('counts keys separately', async () => {
    await limiter.hit('a', 1, at(5));
    expect((await limiter.hit('a', 1, at(5))).allowed).toBe(false);
    expect((await limiter.hit('b', 1, at(5))).allowed).toBe(true);
  });

  it('honours another window length', async () => {
    const perSecond = new RateLimiter(new MemoryRateLimitStore(), 1);
    expect((await perSecond.hit('k', 1, at(0.2))).resetAt).toBe(T0 + 1);
    expect((await perSecond.hit('k', 1, at(0.9))).allowed).toBe(false);
    expect((await perSecond.hit('k', 1, at(1))).allowed).toBe(true);
  });

  it('uses the memory store without a Redis URL', () => {
    expect(createRateLimitStore()).toBeInstanceOf(MemoryRateLimitStore);
    expect(createRateLimitStore('')).toBeInstanceOf(MemoryRateLimitStore);
  });
});

const describeRedis = process.env.REDIS_URL ? describe : describe.skip;

describeRedis('RateLimiter with the Redis store', () => {
  const url = process.env.REDIS_URL!;
  let storeA: RedisRateLimitStore;
  let storeB: RedisRateLimitStore;
  let probe: Redis;
  beforeAll(() => {
    storeA = new RedisRateLimitStore(url);
    storeB = new RedisRateLimitStore(url);
    probe = new Redis(url);
  });
  afterAll(async () => {
    await storeA.close();
    await storeB.close();
    await probe.quit();
  });
  const uniqueKey = () => `unit-test-${randomUUID()}`;

  it('counts down and refuses past the limit', async () => {
    const limiter = new RateLimiter(storeA, 60);
    const key = uniqueKey();
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(key, 3, at(10)));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    expect(decisions[0].resetAt).toBe(T0 + 60);
  });

  it('shares the count between two limiters (two replicas) on the same Redis', async () => {
    const replica1 = new RateLimiter(storeA, 60);
    const replica2 = new RateLimiter(storeB, 60);
    const key = uniqueKey();
    expect((await replica1.hit(key, 3, at(1))).remaining).toBe(2);
    expect((await replica2.hit(key, 3, at(2))).remaining).toBe(1);
    expect((await replica1.hit(key, 3, at(3))).remaining).toBe(0);
    expect((await replica2.hit(key, 3, at(4))).allowed).toBe(false);
  });

  it('starts a new count in the next window', async () => {
    const limiter = new RateLimiter(storeA, 60);
    const key = uniqueKey();
    await limiter.hit(key, 1, at(59));
    expect((await limiter.hit(key, 1, at(59.5))).allowed).toBe(false);
    expect((await limiter.hit(key, 1, at(60))).allowed).toBe(true);
  });

  it('lets each window key expire after two window lengths', async () => {
    const key = uniqueKey();
    await new RateLimiter(storeA, 60).hit(key, 5, at(0));
    const ttl = await probe.ttl(`dataplat:rl:${key}:${T0 / 60}`);
    expect(ttl).toBeGreaterThan(60);
    expect(ttl).toBeLessThanOrEqual(120);
  });

  it('counts concurrent hits atomically', async () => {
    const limiter = new RateLimiter(storeA, 60);
    const key = uniqueKey();
    const decisions = await Promise.all(Array.from({ length: 20 }, (_, i) => new RateLimiter(i % 2 ? storeA : storeB, 60).hit(key, 10, at(5))));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect((await limiter.hit(key, 10, at(5))).remaining).toBe(0);
  });
});
