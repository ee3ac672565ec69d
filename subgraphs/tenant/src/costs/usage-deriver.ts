import { addUsage, Decimal, emptyUsage, type ResourceUsage } from './attribution.model';
import type { AttributionRepository } from './attribution.repository';
import { addDays } from './cost-dates';
import { gaugeUsage, type GaugeType, type LevelChange } from './usage.model';

const FIELD: Record<GaugeType, keyof ResourceUsage> = { CPU: 'cpu', MEMORY: 'memory', STORAGE: 'storage' };

/** Usage of one tenant on one day per source service. */
export type SourceUsage = Map<string, ResourceUsage>;

/**
 * Derives each tenant's usage of `day` per source: CPU, memory and storage integrated from the
 * quota usage records over [day, min(day + 1, now)), network from the reported network usage.
 */
export async function deriveDailyUsage(repo: AttributionRepository, tenantIds: string[], day: Date, now: Date): Promise<Map<string, SourceUsage>> {
  const out = new Map<string, SourceUsage>(tenantIds.map((id) => [id, new Map()]));
  const to = new Date(Math.min(addDays(day, 1).getTime(), now.getTime()));
  const at = (tenantId: string, source: string): ResourceUsage => {
    const bySource = out.get(tenantId)!;
    if (!bySource.has(source)) bySource.set(source, emptyUsage());
    return bySource.get(source)!;
  };
  if (to > day && tenantIds.length) {
    const [levels, changes] = await Promise.all([repo.gaugeLevels(tenantIds, day), repo.gaugeChanges(tenantIds, day, to)]);
    const gauges = new Map<string, { tenantId: string; type: GaugeType; source: string; base: number; changes: LevelChange[] }>();
    const gauge = (tenantId: string, type: string, source: string) => {
      const key = `${tenantId}|${type}|${source}`;
      if (!gauges.has(key)) gauges.set(key, { tenantId, type: type as GaugeType, source, base: 0, changes: [] });
      return gauges.get(key)!;
    };
    for (const l of levels) gauge(l.tenantId, l.resourceType, l.source).base = l.level;
    for (const c of changes) gauge(c.tenantId, c.resourceType, c.source).changes.push({ at: c.at, amount: c.amount });
    for (const g of gauges.values()) {
      const value = gaugeUsage(g.type, g.base, g.changes, day, to);
      if (value.isZero()) continue;
      const u = at(g.tenantId, g.source);
      u[FIELD[g.type]] = u[FIELD[g.type]].plus(value);
    }
  }
  if (tenantIds.length) {
    for (const n of await repo.networkUsage(tenantIds, day)) {
      if (n.gib.isZero()) continue;
      const u = at(n.tenantId, n.source);
      u.network = u.network.plus(new Decimal(n.gib));
    }
  }
  return out;
}

/** A tenant's usage over all sources. */
export const totalUsage = (bySource: SourceUsage): ResourceUsage => [...bySource.values()].reduce(addUsage, emptyUsage());
