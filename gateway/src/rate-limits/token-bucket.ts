import type { WindowName, WindowRule } from './tiers';

/** One bucket's state: whole and fractional tokens at a moment (epoch ms). */
export interface BucketState {
  tokens: number;
  at: number;
}

export interface WindowReport {
  window: WindowName;
  limit: number;
  burst: number;
  /** Whole tokens left in the bucket after this request. */
  remaining: number;
  /** Seconds until the bucket is full again (0 when full). */
  resetSeconds: number;
}

export interface TenantLimitDecision {
  allowed: boolean;
  windows: WindowReport[];
  /** Seconds until the request would pass (denied only; at least 1). */
  retryAfterSeconds: number;
  /** RateLimit-Reset: seconds until every enabled bucket is full again. */
  resetSeconds: number;
}

/** Tokens per millisecond of a window's bucket: `limit` tokens every window length. */
export const refillPerMs = (rule: WindowRule): number => rule.limit / (rule.seconds * 1000);

/** A bucket's tokens at `now`: what it held plus the refill since, capped at the burst. Unknown: full. */
export function refill(rule: WindowRule, state: BucketState | undefined, now: number): number {
  if (!state) return rule.burst;
  return Math.min(rule.burst, state.tokens + Math.max(0, now - state.at) * refillPerMs(rule));
}

/**
 * One request against every enabled window, all or nothing: it passes only when each bucket
 * holds a whole token, and then takes one token from each; a refused request takes none.
 * The same arithmetic runs in Redis (redis-limiter.ts), so both modes agree.
 */
export function take(rules: WindowRule[], states: Array<BucketState | undefined>, now: number): { allowed: boolean; tokens: number[] } {
  const tokens = rules.map((rule, i) => refill(rule, states[i], now));
  const allowed = tokens.every((t) => t >= 1);
  return { allowed, tokens: allowed ? tokens.map((t) => t - 1) : tokens };
}

/** Headers' numbers from the tokens left after a decision. */
export function report(rules: WindowRule[], allowed: boolean, tokens: number[]): TenantLimitDecision {
  const windows = rules.map((rule, i) => ({
    window: rule.window,
    limit: rule.limit,
    burst: rule.burst,
    remaining: Math.max(0, Math.floor(tokens[i] + 1e-9)),
    resetSeconds: Math.max(0, Math.ceil((rule.burst - tokens[i]) / refillPerMs(rule) / 1000 - 1e-9)),
  }));
  const waits = rules.map((rule, i) => (tokens[i] >= 1 ? 0 : (1 - tokens[i]) / refillPerMs(rule) / 1000));
  return {
    allowed,
    windows,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(Math.max(...waits) - 1e-9)),
    resetSeconds: Math.max(0, ...windows.map((w) => w.resetSeconds)),
  };
}

/** Buckets are kept until they would be full again; after that they read as new (full). */
export const bucketTtlMs = (rule: WindowRule): number => Math.ceil(rule.burst / refillPerMs(rule)) + 1000;

/** The counters of tenant limits: one interface, memory (embedded) and Redis (shared) stores. */
export interface TenantLimiter {
  consume(tenantId: string, rules: WindowRule[], now?: number): Promise<TenantLimitDecision>;
  close(): Promise<void>;
}

/** The single-process limiter: JavaScript runs one request at a time, so each take is atomic. */
export class MemoryTenantLimiter implements TenantLimiter {
  private readonly buckets = new Map<string, BucketState & { expires: number }>();
  private nextSweep = 0;

  async consume(tenantId: string, rules: WindowRule[], now = Date.now()): Promise<TenantLimitDecision> {
    if (now >= this.nextSweep) this.sweep(now);
    const keys = rules.map((r) => `${tenantId}:${r.window}`);
    const { allowed, tokens } = take(rules, keys.map((k) => this.buckets.get(k)), now);
    keys.forEach((k, i) => this.buckets.set(k, { tokens: tokens[i], at: now, expires: now + bucketTtlMs(rules[i]) }));
    return report(rules, allowed, tokens);
  }

  private sweep(now: number): void {
    this.nextSweep = now + 10_000;
    for (const [k, b] of this.buckets) if (b.expires <= now) this.buckets.delete(k);
  }

  async close(): Promise<void> {}
}
