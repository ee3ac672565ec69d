import type { AuthOutcome } from '@dataplat/gateway';
import { MemoryRateLimitStore, RateLimiter, type Principal } from '@dataplat/kit';
import { rateLimitBucket } from './rate-limit-bucket';

const owner: Principal = { kind: 'api_key', subject: 'u1', tenantId: 't1', homeTenantId: 't1', roles: ['USER'], scopes: ['profile:read'] };
const keyAuth = (id: number, perMinute: number | null): AuthOutcome => ({ principal: owner, rateLimit: { key: `k:t1:${id}`, perMinute } });

describe('rateLimitBucket', () => {
  it('gives an API key its own bucket and limit', () => {
    expect(rateLimitBucket(keyAuth(7, 3), '10.0.0.1', 1200)).toEqual({ key: 'k:t1:7', limit: 3 });
  });

  it('uses the platform default for a key without a limit', () => {
    expect(rateLimitBucket(keyAuth(7, null), '10.0.0.1', 1200)).toEqual({ key: 'k:t1:7', limit: 1200 });
  });

  it('keys other callers by principal, anonymous and refused ones by address', () => {
    const token: AuthOutcome = { principal: { ...owner, kind: 'access_token', scopes: [] } };
    expect(rateLimitBucket(token, '10.0.0.1', 1200)).toEqual({ key: 'p:t1:u1', limit: 1200 });
    expect(rateLimitBucket({}, '10.0.0.1', 1200)).toEqual({ key: 'ip:10.0.0.1', limit: 1200 });
    expect(rateLimitBucket({ error: new Error('x') as never, rateLimit: { key: 'k:t1:7', perMinute: 3 } }, '10.0.0.1', 1200)).toEqual({ key: 'ip:10.0.0.1', limit: 1200 });
  });
});

describe('per-key limits through the limiter', () => {
  const t0 = Date.UTC(2026, 0, 1, 12, 0, 0); // start of a window

  it('allows exactly the key limit per window, then refuses until the window resets', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const { key, limit } = rateLimitBucket(keyAuth(1, 3), 'ip', 1200);
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(key, limit, t0 + i * 1000));
    expect(decisions.map((d) => [d.allowed, d.limit, d.remaining])).toEqual([
      [true, 3, 2],
      [true, 3, 1],
      [true, 3, 0],
      [false, 3, 0],
    ]);
    expect(decisions[3].resetAt).toBe(t0 / 1000 + 60);
    expect((await limiter.hit(key, limit, t0 + 60_000)).allowed).toBe(true);
  });

  it('counts two keys of one owner separately', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const a = rateLimitBucket(keyAuth(1, 1), 'ip', 1200);
    const b = rateLimitBucket(keyAuth(2, 1), 'ip', 1200);
    expect((await limiter.hit(a.key, a.limit, t0)).allowed).toBe(true);
    expect((await limiter.hit(a.key, a.limit, t0)).allowed).toBe(false);
    expect((await limiter.hit(b.key, b.limit, t0)).allowed).toBe(true);
  });
});
