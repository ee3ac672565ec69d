import { cents, type CostSplit, Decimal, type Dec, type ResourceUsage, ZERO } from './attribution.model';
import type { AttributionRow } from './attribution.repository';
import { dayKey } from './cost-dates';
import type { CostBreakdown, CostTrendPoint, ResourceUsageFigures } from './cost-attribution.type';

/** Shapes shared by the attribution and dashboard services (money in cents, docs/tenant-costs.md). */
export interface DayCost extends CostSplit { cost: Dec }

export const emptyDayCost = (): DayCost => ({ cost: ZERO, compute: ZERO, storage: ZERO, network: ZERO, other: ZERO });

export function addRow(acc: DayCost, r: AttributionRow): DayCost {
  return {
    cost: acc.cost.plus(r.cost), compute: acc.compute.plus(r.computeCost), storage: acc.storage.plus(r.storageCost),
    network: acc.network.plus(r.networkCost), other: acc.other.plus(r.otherCost),
  };
}

/** Attribution rows summed per day (yyyy-MM-dd). */
export function perDay(rows: AttributionRow[]): Map<string, DayCost> {
  const days = new Map<string, DayCost>();
  for (const r of rows) days.set(dayKey(r.date), addRow(days.get(dayKey(r.date)) ?? emptyDayCost(), r));
  return days;
}

export const breakdownOf = (s: CostSplit): CostBreakdown => ({ compute: cents(s.compute), storage: cents(s.storage), network: cents(s.network), other: cents(s.other) });

export const usageFigures = (u: ResourceUsage): ResourceUsageFigures => ({
  cpuCoreHours: u.cpu.toNumber(), memoryGibHours: u.memory.toNumber(), storageGibDays: u.storage.toNumber(), networkGib: u.network.toNumber(),
});

/** part / whole x 100 with `dp` decimals (0 when whole is 0). */
export function percent(part: Dec, whole: Dec, dp = 2): number {
  if (whole.isZero()) return 0;
  return part.div(whole).times(100).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toNumber();
}

/** Change from `before` to `after` in percent (null when before is 0). */
export const changePercent = (before: Dec, after: Dec): number | null => (before.isZero() ? null : percent(after.minus(before), before));

/** Daily trend points over `days` (every day, 0 without cost); the first point has no change. */
export function trendPoints(days: Date[], costs: Map<string, DayCost>): CostTrendPoint[] {
  let previous: DayCost | null = null;
  return days.map((d) => {
    const c = costs.get(dayKey(d)) ?? emptyDayCost();
    const point: CostTrendPoint = {
      date: dayKey(d), cost: cents(c.cost), breakdown: breakdownOf(c),
      changeFromPrevious: previous ? cents(c.cost.minus(previous.cost)) : null,
      changePercent: previous ? changePercent(previous.cost, c.cost) : null,
    };
    previous = c;
    return point;
  });
}
