import { DomainError, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import type { TenantRepository } from '../tenants/tenant.repository';
import { scopedTenant } from '../quotas/tenant-scope';
import { ANOMALY_DEFAULT_THRESHOLD, ANOMALY_HISTORY_DAYS, detectAnomaly } from './anomaly.model';
import { cents, Decimal, type Dec, sum, ZERO } from './attribution.model';
import type { AttributionRepository, AttributionRow } from './attribution.repository';
import { PERIOD_DEFAULT_DAYS, PERIOD_MAX_DAYS } from './attribution.service';
import { addDays, addMonths, boundedInt, dayKey, dayRange, daysBetween, daysInMonth, eachDay, monthKey, optionalDay, parseMonth, startOfDay, startOfMonth } from './cost-dates';
import type { CostFeedRepository } from './cost-feed.repository';
import { addRow, breakdownOf, changePercent, type DayCost, emptyDayCost, perDay, percent, trendPoints } from './cost-presenters';
import type { CostAnomaly, MonthlyCostPoint, PlatformCostOverview, ServiceCostBreakdown, TenantCostDashboard, TierCostComparison } from './cost-dashboard.type';

export const TIERS = ['FREE', 'STARTER', 'PROFESSIONAL', 'ENTERPRISE'] as const;
export const MONTHLY_DEFAULT = 12;
export const MONTHLY_MAX = 60;
export const TOP_TENANTS = 5;
export const DASHBOARD_TREND_DAYS = 7;

const total = (rows: AttributionRow[]): DayCost => rows.reduce(addRow, emptyDayCost());

/** Cost dashboards (spec 2 "Cost dashboard", docs/tenant-costs.md). */
export class DashboardService {
  constructor(
    private readonly repo: AttributionRepository,
    private readonly feed: CostFeedRepository,
    private readonly tenants: TenantRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private today = () => startOfDay(this.clock());

  async overview(date?: string): Promise<PlatformCostOverview> {
    const day = optionalDay('date', date, this.today());
    const monthStart = startOfMonth(day);
    const [costs, runs, rows, clusters] = await Promise.all([
      this.feed.dailyCosts(monthStart < addDays(day, -1) ? monthStart : addDays(day, -1), day),
      this.repo.runs(day, day), this.repo.inPeriod(day, day), this.feed.listClusters(false),
    ]);
    const onDay = costs.filter((c) => dayKey(c.date) === dayKey(day));
    const dayTotal = sum(onDay.map((c) => c.totalCost));
    const previous = sum(costs.filter((c) => dayKey(c.date) === dayKey(addDays(day, -1))).map((c) => c.totalCost));
    const attributed = sum(rows.map((r) => r.cost));
    const perTenant = new Map<string, Dec>();
    for (const r of rows) perTenant.set(r.tenantId, (perTenant.get(r.tenantId) ?? ZERO).plus(r.cost));
    const paying = [...perTenant.entries()].filter(([, c]) => c.gt(0)).sort((a, b) => b[1].comparedTo(a[1]) || a[0].localeCompare(b[0]));
    const names = await this.names(paying.slice(0, TOP_TENANTS).map(([id]) => id));
    const byCluster = new Map(clusters.map((c) => [c.id, c.name]));
    return {
      date: dayKey(day), currency: 'USD', totalCost: cents(dayTotal), attributedCost: cents(attributed), unattributedCost: cents(dayTotal.minus(attributed)),
      breakdown: breakdownOf({ compute: sum(onDay.map((c) => c.computeCost)), storage: sum(onDay.map((c) => c.storageCost)), network: sum(onDay.map((c) => c.networkCost)), other: sum(onDay.map((c) => c.otherCost)) }),
      clusterCount: onDay.length, tenantCount: paying.length, averageCostPerTenant: paying.length ? cents(attributed.div(paying.length)) : 0,
      previousDayCost: cents(previous), changePercent: changePercent(previous, dayTotal),
      monthToDate: cents(sum(costs.filter((c) => c.date >= monthStart && c.date <= day).map((c) => c.totalCost))),
      topTenants: paying.slice(0, TOP_TENANTS).map(([tenantId, cost]) => ({ tenantId, tenantName: names.get(tenantId) ?? '', cost: cents(cost) })),
      clusters: onDay.map((c) => {
        const run = runs.find((r) => r.clusterId === c.clusterId);
        return { clusterName: byCluster.get(c.clusterId) ?? '', totalCost: cents(c.totalCost), attributedCost: cents(run?.attributed ?? ZERO), tenantCount: run?.tenantCount ?? 0, attributed: !!run };
      }).sort((a, b) => a.clusterName.localeCompare(b.clusterName)),
    };
  }

  /** Attributed cost per source service of the usage (default: the last 30 days). */
  async services(startDate?: string, endDate?: string): Promise<ServiceCostBreakdown> {
    const end = optionalDay('endDate', endDate, this.today());
    const start = optionalDay('startDate', startDate, addDays(end, -(PERIOD_DEFAULT_DAYS - 1)));
    dayRange(start, end, PERIOD_MAX_DAYS);
    const rows = await this.repo.usageInPeriod(start, end);
    const services = new Map<string, { cost: Dec; tenants: Set<string> }>();
    for (const r of rows) {
      const s = services.get(r.source) ?? { cost: ZERO, tenants: new Set<string>() };
      s.cost = s.cost.plus(r.cost);
      s.tenants.add(r.tenantId);
      services.set(r.source, s);
    }
    const all = sum([...services.values()].map((s) => s.cost));
    return {
      period: { start: dayKey(start), end: dayKey(end) }, currency: 'USD', totalCost: cents(all),
      services: [...services.entries()].sort((a, b) => b[1].cost.comparedTo(a[1].cost) || a[0].localeCompare(b[0]))
        .map(([service, s]) => ({ service, cost: cents(s.cost), percent: percent(s.cost, all), tenantCount: s.tenants.size })),
    };
  }

  async tierComparison(month?: string): Promise<TierCostComparison> {
    const start = month == null || month === '' ? startOfMonth(this.clock()) : parseMonth('month', month);
    const rows = await this.repo.inPeriod(start, addDays(addMonths(start, 1), -1));
    const plans = new Map((await this.repo.tenantNames([...new Set(rows.map((r) => r.tenantId))])).map((t) => [t.id, t.plan]));
    const tiers = new Map<string, { cost: Dec; tenants: Set<string> }>(TIERS.map((t) => [t, { cost: ZERO, tenants: new Set<string>() }]));
    for (const r of rows) {
      const plan = plans.get(r.tenantId) ?? 'UNKNOWN';
      const t = tiers.get(plan) ?? { cost: ZERO, tenants: new Set<string>() };
      t.cost = t.cost.plus(r.cost);
      t.tenants.add(r.tenantId);
      tiers.set(plan, t);
    }
    const all = sum(rows.map((r) => r.cost));
    return {
      month: monthKey(start), currency: 'USD', totalCost: cents(all),
      tiers: [...tiers.entries()].map(([tier, t]) => ({
        tier, tenantCount: t.tenants.size, totalCost: cents(t.cost), averageCostPerTenant: t.tenants.size ? cents(t.cost.div(t.tenants.size)) : 0, percentOfTotal: percent(t.cost, all),
      })),
    };
  }

  /** Tenants whose cost on `date` (default yesterday) deviates from the mean of the previous 7 attributed days by more than `threshold` USD. */
  async anomalies(date?: string, threshold?: number | null): Promise<CostAnomaly[]> {
    const day = optionalDay('date', date, addDays(this.today(), -1));
    const limit = threshold ?? ANOMALY_DEFAULT_THRESHOLD;
    if (!Number.isFinite(limit) || limit < 0) throw new DomainError(TenantError.COST_QUERY_INVALID, 'threshold must be a number of USD, 0 or more', { field: 'threshold' });
    const rows = await this.repo.inPeriod(addDays(day, -ANOMALY_HISTORY_DAYS), day);
    const byTenant = new Map<string, Map<string, DayCost>>();
    for (const r of rows) {
      const days = byTenant.get(r.tenantId) ?? new Map<string, DayCost>();
      days.set(dayKey(r.date), addRow(days.get(dayKey(r.date)) ?? emptyDayCost(), r));
      byTenant.set(r.tenantId, days);
    }
    const found: (CostAnomaly & { abs: Dec })[] = [];
    for (const [tenantId, days] of byTenant) {
      const actual = days.get(dayKey(day));
      if (!actual) continue;
      const history = [...days.entries()].filter(([k]) => k !== dayKey(day)).map(([, c]) => c.cost);
      const verdict = detectAnomaly(actual.cost, history, new Decimal(limit));
      if (!verdict) continue;
      found.push({
        tenantId, tenantName: '', date: dayKey(day), actualCost: cents(actual.cost), expectedCost: cents(verdict.expected), deviation: cents(verdict.deviation),
        deviationPercent: verdict.deviationPercent, anomalyType: verdict.anomalyType, abs: verdict.deviation.abs(),
        resourceBreakdown: { compute: cents(actual.compute), storage: cents(actual.storage), network: cents(actual.network) },
      });
    }
    const names = await this.names(found.map((f) => f.tenantId));
    return found.sort((a, b) => b.abs.comparedTo(a.abs) || a.tenantId.localeCompare(b.tenantId)).map(({ abs: _abs, ...a }) => ({ ...a, tenantName: names.get(a.tenantId) ?? '' }));
  }

  async tenantDashboard(caller: Principal, tenantId: string, date?: string): Promise<TenantCostDashboard> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const day = optionalDay('date', date, this.today());
    const monthStart = startOfMonth(day);
    const from = addDays(day, -(DASHBOARD_TREND_DAYS - 1)) < monthStart ? addDays(day, -(DASHBOARD_TREND_DAYS - 1)) : monthStart;
    const [rows, usage] = await Promise.all([this.repo.ofTenant(tenant.id, from, day), this.repo.usageOfTenant(tenant.id, monthStart, day)]);
    const days = perDay(rows);
    const month = rows.filter((r) => r.date >= monthStart);
    const mtd = total(month);
    const elapsed = daysBetween(monthStart, day) + 1;
    const resources = [
      { resource: 'CPU', unit: 'core-hours', usage: sum(usage.map((u) => u.cpuCoreHours)), cost: sum(month.map((r) => r.cpuCost)) },
      { resource: 'MEMORY', unit: 'GiB-hours', usage: sum(usage.map((u) => u.memoryGibHours)), cost: sum(month.map((r) => r.memoryCost)) },
      { resource: 'STORAGE', unit: 'GiB-days', usage: sum(usage.map((u) => u.storageGibDays)), cost: sum(month.map((r) => r.storageResCost)) },
      { resource: 'NETWORK', unit: 'GiB', usage: sum(usage.map((u) => u.networkGib)), cost: sum(month.map((r) => r.networkResCost)) },
    ];
    return {
      tenantId: tenant.id, tenantName: tenant.name, date: dayKey(day), currency: 'USD',
      todayCost: cents(days.get(dayKey(day))?.cost ?? ZERO), yesterdayCost: cents(days.get(dayKey(addDays(day, -1)))?.cost ?? ZERO),
      monthToDate: cents(mtd.cost), dailyAverage: cents(mtd.cost.div(elapsed)), projectedMonthEnd: cents(mtd.cost.div(elapsed).times(daysInMonth(day))),
      monthBreakdown: breakdownOf(mtd),
      topResources: resources.sort((a, b) => b.cost.comparedTo(a.cost)).map((r) => ({ resource: r.resource, unit: r.unit, usage: r.usage.toNumber(), cost: cents(r.cost), percent: percent(r.cost, mtd.cost) })),
      trend: trendPoints(eachDay(addDays(day, -(DASHBOARD_TREND_DAYS - 1)), day), days),
    };
  }

  /** The last `months` months ending with the current one, oldest first. */
  async monthlyHistory(caller: Principal, tenantId: string, months?: number | null): Promise<MonthlyCostPoint[]> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const n = boundedInt('months', months, MONTHLY_DEFAULT, 1, MONTHLY_MAX);
    const current = startOfMonth(this.clock());
    const first = addMonths(current, -(n - 1));
    const rows = await this.repo.ofTenant(tenant.id, first, addDays(addMonths(current, 1), -1));
    const byMonth = new Map<string, { cost: DayCost; days: Set<string> }>();
    for (const r of rows) {
      const m = byMonth.get(monthKey(r.date)) ?? { cost: emptyDayCost(), days: new Set<string>() };
      m.cost = addRow(m.cost, r);
      m.days.add(dayKey(r.date));
      byMonth.set(monthKey(r.date), m);
    }
    let previous: DayCost | null = null;
    return Array.from({ length: n }, (_, i) => {
      const key = monthKey(addMonths(first, i));
      const m = byMonth.get(key);
      const cost = m?.cost ?? emptyDayCost();
      const point = { month: key, totalCost: cents(cost.cost), breakdown: breakdownOf(cost), activeDays: m?.days.size ?? 0, changePercent: previous ? changePercent(previous.cost, cost.cost) : null };
      previous = cost;
      return point;
    });
  }

  private async names(ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.repo.tenantNames(ids)).map((t) => [t.id, t.name]));
  }
}
