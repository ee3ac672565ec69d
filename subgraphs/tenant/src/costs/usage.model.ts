import { Decimal, type Dec, ZERO } from './attribution.model';

/**
 * Daily usage derived from the quota usage records (tenant.quota_usage_records). CPU (millicores),
 * MEMORY (MiB) and STORAGE (GiB) are gauges: each accepted record moves the level by `amount`.
 * A day's usage is the integral of the level over the day, per source service (the level of a
 * source is the running sum of its accepted amounts), converted to core-hours, GiB-hours, GiB-days.
 */
export const HOUR_MS = 3_600_000;
export const GAUGE_UNITS = {
  /** millicores x ms -> core-hours */
  CPU: new Decimal(1000 * HOUR_MS),
  /** MiB x ms -> GiB-hours */
  MEMORY: new Decimal(1024 * HOUR_MS),
  /** GiB x ms -> GiB-days */
  STORAGE: new Decimal(24 * HOUR_MS),
} as const;
export type GaugeType = keyof typeof GAUGE_UNITS;
export const GAUGE_TYPES = Object.keys(GAUGE_UNITS) as GaugeType[];

export interface LevelChange { at: Date; amount: number }

/**
 * The integral (level x milliseconds) of a gauge over [from, to): `base` is the level at `from`,
 * `changes` the accepted records within [from, to), in time order.
 */
export function integrateLevel(base: number, changes: LevelChange[], from: Date, to: Date): Dec {
  let level = new Decimal(base);
  let at = from.getTime();
  let area = ZERO;
  const end = to.getTime();
  for (const c of changes) {
    const t = Math.min(Math.max(c.at.getTime(), at), end);
    area = area.plus(level.times(t - at));
    at = t;
    level = level.plus(c.amount);
  }
  if (end > at) area = area.plus(level.times(end - at));
  return area;
}

/** The day's usage of one gauge in its cost unit (6 decimals). */
export function gaugeUsage(type: GaugeType, base: number, changes: LevelChange[], from: Date, to: Date): Dec {
  return integrateLevel(base, changes, from, to).div(GAUGE_UNITS[type]).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
}
