import type { Principal } from '@dataplat/kit';
import type { AccountService } from '../accounts/account.service';
import { scopedTenantId } from '../accounts/billing-scope';
import { formatDecimal, QTY_SCALE, toSafe } from '../money/decimal';
import { periodOrCurrent } from '../money/period';
import { toLineItem } from '../plans/charge.type';
import type { PlanService } from '../plans/plan.service';
import { computeCharges, METERS, type Charges, type PlanPrice, type TaxPolicy } from '../plans/pricing';
import type { UsageRepository } from './usage.repository';
import type { PlatformUsage, TenantUsage, UsageBreakdown } from './usage.type';

/** Usage and its cost, read from the aggregates and priced with the tenant's plan. */
export class UsageService {
  constructor(
    private readonly repo: UsageRepository,
    private readonly accounts: AccountService,
    private readonly plans: PlanService,
    private readonly tax: TaxPolicy,
  ) {}

  planOf(planId: string): Promise<PlanPrice> {
    return this.plans.price(planId);
  }

  /** A tenant's charges in a period so far (its account must exist or be creatable). */
  async charges(tenantId: string, period: string): Promise<Charges & { plan: PlanPrice }> {
    const account = await this.accounts.ensure(tenantId);
    const plan = await this.plans.price(account.planId);
    return { ...computeCharges(plan, await this.repo.byMeter(tenantId, period), tenantId, this.tax), plan };
  }

  async tenantUsage(caller: Principal, tenantId: string, periodText: string | null): Promise<TenantUsage> {
    const id = scopedTenantId(caller, tenantId);
    const p = periodOrCurrent(periodText);
    const charges = await this.charges(id, p.period);
    const counts = await this.repo.eventCounts(id, p.period);
    return {
      tenantId: id, period: p.period, periodStart: p.start, periodEnd: p.end, planId: charges.plan.id, currency: charges.currency,
      meters: charges.lines.filter((l) => l.meter).map((l) => ({
        meter: l.meter!, unit: l.unit, quantity: formatDecimal(l.quantity, QTY_SCALE), includedQuantity: formatDecimal(l.included, QTY_SCALE), eventCount: counts.get(l.meter!) ?? 0,
      })),
      estimatedTotalMinor: toSafe(charges.total),
    };
  }

  async breakdown(caller: Principal, tenantId: string, periodText: string | null): Promise<UsageBreakdown> {
    const id = scopedTenantId(caller, tenantId);
    const { period } = periodOrCurrent(periodText);
    const c = await this.charges(id, period);
    return {
      tenantId: id, period, planId: c.plan.id, currency: c.currency, lineItems: c.lines.map(toLineItem),
      subtotalMinor: toSafe(c.subtotal), taxMinor: toSafe(c.tax), totalMinor: toSafe(c.total),
    };
  }

  /** Every tenant with usage in the period: totals per meter and each tenant's cost so far. */
  async platformUsage(periodText: string | null): Promise<PlatformUsage> {
    const { period } = periodOrCurrent(periodText);
    const rows = await this.repo.ofPeriod(period);
    const meters = new Map<string, { quantity: bigint; eventCount: number }>();
    const tenants = new Map<string, Map<string, bigint>>();
    for (const r of rows) {
      const m = meters.get(r.meter) ?? { quantity: 0n, eventCount: 0 };
      meters.set(r.meter, { quantity: m.quantity + r.quantity, eventCount: m.eventCount + r.eventCount });
      tenants.set(r.tenantId, (tenants.get(r.tenantId) ?? new Map()).set(r.meter, r.quantity));
    }
    const costs = [];
    for (const [tenantId, usage] of tenants) {
      const plan = await this.plans.price((await this.accounts.ensure(tenantId)).planId);
      costs.push({ tenantId, planId: plan.id, total: computeCharges(plan, usage, tenantId, this.tax).total });
    }
    return {
      period, tenantCount: tenants.size,
      meters: [...meters].sort(([a], [b]) => a.localeCompare(b)).map(([meter, m]) => ({ meter, unit: METERS[meter] ?? '', quantity: formatDecimal(m.quantity, QTY_SCALE), includedQuantity: '0', eventCount: m.eventCount })),
      tenants: costs.map((c) => ({ tenantId: c.tenantId, planId: c.planId, totalMinor: toSafe(c.total) })),
      totalMinor: toSafe(costs.reduce((s, c) => s + c.total, 0n)),
    };
  }
}
