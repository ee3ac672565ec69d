import { DomainError, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import type { TenantRepository } from '../tenants/tenant.repository';
import { scopedTenant } from '../quotas/tenant-scope';
import { attributeClusterCost, cents, Decimal, emptyUsage, resourceWeight, round6, splitByParts, sum, type ResourceUsage, type ResourceWeights } from './attribution.model';
import type { AttributionRepository, AttributionRow, UsageCostRow } from './attribution.repository';
import { addDays, boundedInt, dayKey, dayRange, eachDay, optionalDay, parseDay, startOfDay } from './cost-dates';
import type { ClusterRow, CostFeedRepository, DailyCostRow } from './cost-feed.repository';
import { breakdownOf, perDay, percent, trendPoints, usageFigures } from './cost-presenters';
import type { ClusterCostAttribution, ClusterCostComparison, CostTrendPoint, TenantCostBreakdown } from './cost-attribution.type';
import { deriveDailyUsage, totalUsage } from './usage-deriver';

/** Breakdown period default and maximum (spec 2 Limits 6: trend window default 30 days). */
export const PERIOD_DEFAULT_DAYS = 30;
export const PERIOD_MAX_DAYS = 366;

export const weightsOf = (c: ClusterRow): ResourceWeights => ({ cpu: c.cpuWeight, memory: c.memoryWeight, storage: c.storageWeight, network: c.networkWeight });
const usageOf = (r: AttributionRow): ResourceUsage => ({ cpu: r.cpuUsage, memory: r.memoryUsage, storage: r.storageUsage, network: r.networkUsage });

/** Cost attribution (spec 2 "Cost attribution", docs/tenant-costs.md). */
export class AttributionService {
  constructor(
    private readonly repo: AttributionRepository,
    private readonly feed: CostFeedRepository,
    private readonly tenants: TenantRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async attributeCluster(clusterName: string, date: string | undefined): Promise<ClusterCostAttribution> {
    const day = this.requiredDay(date);
    const cluster = await this.cluster(clusterName);
    const cost = await this.feed.findDailyCost(cluster.id, day);
    if (!cost) throw new DomainError(TenantError.COST_RECORD_NOT_FOUND, undefined, { clusterName: cluster.name, date: dayKey(day) });
    return this.attribute(cluster, cost, day);
  }

  /** Every shared cluster with a cost recorded for the day (clusters without a cost are skipped). */
  async attributeAll(date: string | undefined): Promise<ClusterCostAttribution[]> {
    const day = this.requiredDay(date);
    const out: ClusterCostAttribution[] = [];
    for (const cluster of await this.feed.listClusters(true)) {
      const cost = await this.feed.findDailyCost(cluster.id, day);
      if (cost) out.push(await this.attribute(cluster, cost, day));
    }
    return out;
  }

  async breakdown(caller: Principal, tenantId: string, startDate?: string, endDate?: string): Promise<TenantCostBreakdown> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const end = optionalDay('endDate', endDate, startOfDay(this.clock()));
    const start = optionalDay('startDate', startDate, addDays(end, -(PERIOD_DEFAULT_DAYS - 1)));
    dayRange(start, end, PERIOD_MAX_DAYS);
    const rows = await this.repo.ofTenant(tenant.id, start, end);
    const days = perDay(rows);
    const total = { compute: sum(rows.map((r) => r.computeCost)), storage: sum(rows.map((r) => r.storageCost)), network: sum(rows.map((r) => r.networkCost)), other: sum(rows.map((r) => r.otherCost)) };
    return {
      tenantId: tenant.id, period: { start: dayKey(start), end: dayKey(end) }, currency: 'USD',
      totalCost: cents(sum(rows.map((r) => r.cost))), breakdown: breakdownOf(total),
      dailyCosts: eachDay(start, end).map((d) => ({ date: dayKey(d), cost: cents(days.get(dayKey(d))?.cost ?? new Decimal(0)) })),
    };
  }

  /** Daily points for the last `periods` days ending today (default 30). */
  async trend(caller: Principal, tenantId: string, periods?: number | null): Promise<CostTrendPoint[]> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const n = boundedInt('periods', periods, PERIOD_DEFAULT_DAYS, 1, PERIOD_MAX_DAYS);
    const end = startOfDay(this.clock());
    const start = addDays(end, -(n - 1));
    return trendPoints(eachDay(start, end), perDay(await this.repo.ofTenant(tenant.id, start, end)));
  }

  async comparison(clusterName: string, date?: string): Promise<ClusterCostComparison> {
    const day = optionalDay('date', date, startOfDay(this.clock()));
    const cluster = await this.cluster(clusterName);
    const run = await this.repo.findRun(cluster.id, day);
    if (!run) throw new DomainError(TenantError.COST_ATTRIBUTION_NOT_FOUND, undefined, { clusterName: cluster.name, date: dayKey(day) });
    const rows = await this.repo.ofCluster(cluster.id, day);
    const names = await this.names(rows.map((r) => r.tenantId));
    const all = rows.map(usageOf).reduce((a, u) => ({ cpu: a.cpu.plus(u.cpu), memory: a.memory.plus(u.memory), storage: a.storage.plus(u.storage), network: a.network.plus(u.network) }), emptyUsage());
    return {
      clusterName: cluster.name, date: dayKey(day), clusterCost: cents(run.clusterCost), attributedCost: cents(run.attributed),
      totalWeight: run.totalWeight.toNumber(), totalUsage: usageFigures(all),
      tenants: rows.map((r, i) => ({
        rank: i + 1, tenantId: r.tenantId, tenantName: names.get(r.tenantId) ?? '', cost: cents(r.cost), costPercent: percent(r.cost, run.clusterCost, 4),
        usage: usageFigures(usageOf(r)),
        usagePercent: { cpu: percent(r.cpuUsage, all.cpu), memory: percent(r.memoryUsage, all.memory), storage: percent(r.storageUsage, all.storage), network: percent(r.networkUsage, all.network) },
      })),
    };
  }

  /** Derives usage, applies the formula and replaces the stored result of (cluster, day) in one transaction. */
  private async attribute(cluster: ClusterRow, cost: DailyCostRow, day: Date): Promise<ClusterCostAttribution> {
    const tenantIds = await this.feed.tenantsOn(cluster.id, day);
    const usage = await deriveDailyUsage(this.repo, tenantIds, day, this.clock());
    const weights = weightsOf(cluster);
    const split = { total: cost.totalCost, compute: cost.computeCost, storage: cost.storageCost, network: cost.networkCost, other: cost.otherCost };
    const result = attributeClusterCost(split, weights, tenantIds.map((tenantId) => ({ tenantId, usage: totalUsage(usage.get(tenantId)!) })));
    const attributions: AttributionRow[] = result.tenants.map((t) => ({
      tenantId: t.tenantId, date: day, clusterId: cluster.id,
      cpuUsage: t.usage.cpu, memoryUsage: t.usage.memory, storageUsage: t.usage.storage, networkUsage: t.usage.network,
      weight: round6(t.weight), share: t.share, cost: t.cost,
      computeCost: t.breakdown.compute, storageCost: t.breakdown.storage, networkCost: t.breakdown.network, otherCost: t.breakdown.other,
      cpuCost: t.resources.cpu, memoryCost: t.resources.memory, storageResCost: t.resources.storage, networkResCost: t.resources.network,
    }));
    const usageRows: UsageCostRow[] = result.tenants.flatMap((t) => {
      const sources = [...usage.get(t.tenantId)!.entries()];
      const sourceWeights = sources.map(([, u]) => resourceWeight(u, weights));
      const costs = splitByParts(t.cost, sourceWeights);
      return sources.map(([source, u], i) => ({
        tenantId: t.tenantId, date: day, clusterId: cluster.id, source,
        cpuCoreHours: u.cpu, memoryGibHours: u.memory, storageGibDays: u.storage, networkGib: u.network, weight: round6(sourceWeights[i]), cost: costs[i],
      }));
    });
    const run = await this.repo.replace({
      run: { clusterId: cluster.id, date: day, totalWeight: round6(result.totalWeight), clusterCost: cost.totalCost, attributed: result.attributed, tenantCount: tenantIds.length },
      attributions, usage: usageRows,
    });
    const names = await this.names(tenantIds);
    const ranked = [...result.tenants].sort((a, b) => b.cost.comparedTo(a.cost) || a.tenantId.localeCompare(b.tenantId));
    return {
      clusterName: cluster.name, date: dayKey(day), currency: 'USD', clusterCost: cents(cost.totalCost), clusterBreakdown: breakdownOf(split),
      weights: { cpu: weights.cpu.toNumber(), memory: weights.memory.toNumber(), storage: weights.storage.toNumber(), network: weights.network.toNumber() },
      totalWeight: round6(result.totalWeight).toNumber(), attributedCost: cents(result.attributed), unattributedCost: cents(cost.totalCost.minus(result.attributed)),
      tenantCount: tenantIds.length, attributedAt: run.attributedAt,
      tenants: ranked.map((t) => ({
        tenantId: t.tenantId, tenantName: names.get(t.tenantId) ?? '', usage: usageFigures(t.usage), weight: round6(t.weight).toNumber(),
        sharePercent: t.share.times(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber(), cost: cents(t.cost), breakdown: breakdownOf(t.breakdown),
        resourceCosts: { cpu: cents(t.resources.cpu), memory: cents(t.resources.memory), storage: cents(t.resources.storage), network: cents(t.resources.network) },
      })),
    };
  }

  private requiredDay(date: string | undefined): Date {
    if (date == null || date === '') throw new DomainError(TenantError.COST_QUERY_INVALID, 'date is required (yyyy-MM-dd)', { field: 'date' });
    const day = parseDay('date', date);
    if (day > startOfDay(this.clock())) throw new DomainError(TenantError.COST_QUERY_INVALID, 'date must not be in the future', { field: 'date' });
    return day;
  }

  private async cluster(name: string): Promise<ClusterRow> {
    const row = await this.feed.findCluster(name);
    if (!row) throw new DomainError(TenantError.COST_CLUSTER_NOT_FOUND, undefined, { clusterName: name });
    return row;
  }

  private async names(ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.repo.tenantNames(ids)).map((t) => [t.id, t.name]));
  }
}
