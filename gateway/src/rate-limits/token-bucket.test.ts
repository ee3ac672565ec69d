import { DomainError } from '@dataplat/kit';
import { resolveConfig, rulesOf, TIER_TABLE, type WindowRule } from './tiers';
import { MemoryTenantLimiter, report, take } from './token-bucket';

const rule = (window: 'second' | 'minute' | 'hour', limit: number, burst: number): WindowRule => ({ window, seconds: { second: 1, minute: 60, hour: 3600 }[window], limit, burst });

describe('resolveConfig', () => {
  it('fills missing numbers from the tier table and defaults to all windows', () => {
    const c = resolveConfig('t1', { tier: 'professional', secondLimit: 60, secondBurst: 90 });
    expect(c).toMatchObject({ tier: 'professional', secondLimit: 60, secondBurst: 90, minuteLimit: 500, minuteBurst: 750, hourLimit: 10_000, hourBurst: 12_000 });
    expect(c.windows).toEqual(['second', 'minute', 'hour']);
    expect(resolveConfig('t1', { tier: 'enterprise' })).toMatchObject(TIER_TABLE.enterprise);
    expect(resolveConfig('t1', { tier: 'FREE', windows: ['hour', 'second'] }).windows).toEqual(['second', 'hour']);
  });

  it.each([
    [{ tier: 'gold' }, 'tier'],
    [{ tier: 'free', secondLimit: 20 }, 'secondBurst'],
    [{ tier: 'free', minuteLimit: 0 }, 'minuteLimit'],
    [{ tier: 'free', hourBurst: -5 }, 'hourBurst'],
    [{ tier: 'free', windows: ['day'] }, 'windows'],
  ])('refuses %j (field %s)', (request, field) => {
    try {
      resolveConfig('t1', request);
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).code).toBe('DPF-API-016');
      expect((e as DomainError).details).toMatchObject({ field });
    }
  });
});

describe('token bucket arithmetic', () => {
  it('starts full at the burst and refills limit tokens per window', () => {
    const rules = [rule('second', 2, 3)];
    const first = take(rules, [undefined], 0);
    expect(first).toEqual({ allowed: true, tokens: [2] });
    // 250 ms at 2 tokens/s refill half a token
    expect(take(rules, [{ tokens: 0, at: 0 }], 250)).toEqual({ allowed: false, tokens: [0.5] });
    expect(take(rules, [{ tokens: 0, at: 0 }], 500).allowed).toBe(true);
    // never above the burst
    expect(take(rules, [{ tokens: 1, at: 0 }], 60_000).tokens).toEqual([2]);
  });

  it('is all or nothing across windows', () => {
    const rules = [rule('second', 10, 15), rule('minute', 1, 1)];
    const refused = take(rules, [{ tokens: 15, at: 0 }, { tokens: 0, at: 0 }], 0);
    expect(refused).toEqual({ allowed: false, tokens: [15, 0] });
  });

  it('reports remaining, reset and retry-after', () => {
    const rules = [rule('second', 2, 3), rule('minute', 60, 90)];
    const ok = report(rules, true, [1.5, 80]);
    expect(ok.windows.map((w) => [w.remaining, w.resetSeconds])).toEqual([[1, 1], [80, 10]]);
    expect(ok.resetSeconds).toBe(10);
    expect(ok.retryAfterSeconds).toBe(0);
    const denied = report(rules, false, [0.2, 0.5]);
    // second: 0.8 token at 2/s = 0.4 s; minute: 0.5 token at 1/s = 0.5 s -> 1 s
    expect(denied.retryAfterSeconds).toBe(1);
    expect(report([rule('hour', 1, 1)], false, [0]).retryAfterSeconds).toBe(3600);
  });
});

describe('MemoryTenantLimiter', () => {
  it('lets the burst through, then the refill rate', async () => {
    const limiter = new MemoryTenantLimiter();
    const rules = rulesOf(resolveConfig('t', { tier: 'free', secondLimit: 2, secondBurst: 3 }));
    const at0 = await Promise.all([0, 1, 2, 3].map(() => limiter.consume('t', rules, 1_000)));
    expect(at0.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(at0[2].windows[0]).toMatchObject({ window: 'second', limit: 2, remaining: 0 });
    expect(at0[3].retryAfterSeconds).toBe(1);
    expect((await limiter.consume('t', rules, 1_499)).allowed).toBe(false);
    expect((await limiter.consume('t', rules, 1_500)).allowed).toBe(true);
    // another tenant has buckets of its own
    expect((await limiter.consume('other', rules, 1_500)).windows[0].remaining).toBe(2);
  });
});
