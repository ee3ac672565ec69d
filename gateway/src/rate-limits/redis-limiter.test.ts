import { randomUUID } from 'node:crypto';
import { resolveConfig, rulesOf } from './tiers';
import { MemoryTenantLimiter } from './token-bucket';
import { RedisTenantLimiter } from './redis-limiter';
import { RedisRateLimitConfigStore } from './config-store';

// Runs against a real Redis: REDIS_URL (CI: redis://127.0.0.1:6379).
const url = process.env.REDIS_URL;
const describeRedis = url ? describe : describe.skip;
if (!url) console.warn('redis-limiter.test.ts: REDIS_URL is not set, the Lua script tests are skipped');

describeRedis('RedisTenantLimiter (Lua script on a real Redis)', () => {
  let limiter: RedisTenantLimiter;
  beforeAll(() => {
    limiter = new RedisTenantLimiter(url!);
  });
  afterAll(() => limiter.close());

  it('computes exactly what the memory limiter computes', async () => {
    const memory = new MemoryTenantLimiter();
    const rules = rulesOf(resolveConfig('t', { tier: 'free', secondLimit: 2, secondBurst: 3, minuteLimit: 5, minuteBurst: 6 }));
    const tenant = randomUUID();
    for (const now of [1_000, 1_000, 1_000, 1_000, 1_300, 1_500, 2_250, 2_260, 9_000, 9_000, 9_000]) {
      const [r, m] = [await limiter.consume(tenant, rules, now), await memory.consume(tenant, rules, now)];
      expect(r).toEqual(m);
    }
  });

  it('never lets more than the burst through under concurrent requests', async () => {
    const rules = rulesOf(resolveConfig('t', { tier: 'free', secondLimit: 1, secondBurst: 5, windows: ['second', 'hour'] }));
    const tenant = randomUUID();
    const other = new RedisTenantLimiter(url!);
    try {
      const now = Date.now();
      const all = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? limiter : other).consume(tenant, rules, now)));
      expect(all.filter((d) => d.allowed)).toHaveLength(5);
      expect(all.filter((d) => !d.allowed).every((d) => d.retryAfterSeconds === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('uses Redis time by default', async () => {
    const rules = rulesOf(resolveConfig('t', { tier: 'free' }));
    const d = await limiter.consume(randomUUID(), rules);
    expect(d.allowed).toBe(true);
    expect(d.windows.map((w) => w.remaining)).toEqual([14, 149, 1199]);
  });
});

describeRedis('RedisRateLimitConfigStore', () => {
  it('is shared between instances within the cache time', async () => {
    const [a, b] = [new RedisRateLimitConfigStore(url!, 200), new RedisRateLimitConfigStore(url!, 200)];
    try {
      const tenantId = randomUUID();
      expect(await b.get(tenantId)).toBeNull();
      await a.set(resolveConfig(tenantId, { tier: 'enterprise' }));
      expect((await a.get(tenantId))?.tier).toBe('enterprise');
      await new Promise((r) => setTimeout(r, 250));
      expect((await b.get(tenantId))?.secondLimit).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
