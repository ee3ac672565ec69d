import { DomainError, ErrorCode } from '@dataplat/kit';

/** The windows a tenant limit can enforce, with their length in seconds. */
export const WINDOWS = { second: 1, minute: 60, hour: 3600 } as const;
export type WindowName = keyof typeof WINDOWS;
export const WINDOW_NAMES = Object.keys(WINDOWS) as WindowName[];

/** Spec 2 "Limits": requests per window, burst in brackets. */
export const TIER_TABLE = {
  free: { secondLimit: 10, secondBurst: 15, minuteLimit: 100, minuteBurst: 150, hourLimit: 1000, hourBurst: 1200 },
  professional: { secondLimit: 50, secondBurst: 75, minuteLimit: 500, minuteBurst: 750, hourLimit: 10_000, hourBurst: 12_000 },
  enterprise: { secondLimit: 200, secondBurst: 300, minuteLimit: 2000, minuteBurst: 3000, hourLimit: 50_000, hourBurst: 60_000 },
} as const;
export type TierName = keyof typeof TIER_TABLE;
export const TIER_NAMES = Object.keys(TIER_TABLE) as TierName[];

/** Largest number accepted for a limit or a burst (keeps the bucket arithmetic exact). */
export const MAX_RATE = 1_000_000_000;

/** A tenant's stored gateway rate-limit configuration (every number resolved). */
export interface TenantRateLimitConfig {
  tenantId: string;
  tier: TierName;
  secondLimit: number;
  secondBurst: number;
  minuteLimit: number;
  minuteBurst: number;
  hourLimit: number;
  hourBurst: number;
  windows: WindowName[];
  updatedAt: string;
}

/** The request body of POST .../rate-limit: only `tier` is required. */
export interface RateLimitRequest {
  tier: string;
  secondLimit?: number | null;
  secondBurst?: number | null;
  minuteLimit?: number | null;
  minuteBurst?: number | null;
  hourLimit?: number | null;
  hourBurst?: number | null;
  windows?: string[] | null;
}

/** One enabled window of a configuration: the token bucket it stands for. */
export interface WindowRule {
  window: WindowName;
  seconds: number;
  limit: number;
  burst: number;
}

function invalid(field: string, reason: string): DomainError {
  return new DomainError(ErrorCode.RATE_LIMIT_CONFIG_INVALID, undefined, { field, reason });
}

/**
 * Resolves a request against the tier table (missing numbers take the tier's defaults, a
 * missing or empty `windows` all three) and validates it: known tier and windows, every
 * number a positive integer up to MAX_RATE, burst never below its limit.
 */
export function resolveConfig(tenantId: string, request: RateLimitRequest, now = new Date()): TenantRateLimitConfig {
  const tierName = typeof request.tier === 'string' ? request.tier.trim().toLowerCase() : '';
  if (!(tierName in TIER_TABLE)) throw invalid('tier', `unknown tier; one of ${TIER_NAMES.join(', ')}`);
  const tier = TIER_TABLE[tierName as TierName];
  const windows = request.windows?.length ? request.windows.map((w) => String(w).trim().toLowerCase()) : WINDOW_NAMES;
  for (const w of windows) if (!(w in WINDOWS)) throw invalid('windows', `unknown window "${w}"; one of ${WINDOW_NAMES.join(', ')}`);
  const config = { tenantId, tier: tierName as TierName, windows: WINDOW_NAMES.filter((w) => windows.includes(w)), updatedAt: now.toISOString() } as TenantRateLimitConfig;
  for (const w of WINDOW_NAMES) {
    for (const kind of ['Limit', 'Burst'] as const) {
      const field = `${w}${kind}` as keyof typeof tier;
      const given = request[field];
      const value = given ?? tier[field];
      if (!Number.isInteger(value) || value <= 0 || value > MAX_RATE) throw invalid(field, `must be a positive integer up to ${MAX_RATE}`);
      (config as unknown as Record<string, number>)[field] = value;
    }
    if (config[`${w}Burst`] < config[`${w}Limit`]) throw invalid(`${w}Burst`, `must not be below ${w}Limit`);
  }
  return config;
}

/** The token buckets of a configuration, shortest window first. */
export function rulesOf(config: TenantRateLimitConfig): WindowRule[] {
  return config.windows.map((window) => ({ window, seconds: WINDOWS[window], limit: config[`${window}Limit`], burst: config[`${window}Burst`] }));
}
