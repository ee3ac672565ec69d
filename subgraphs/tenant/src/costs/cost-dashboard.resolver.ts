import { Arg, Authorized, Ctx, Float, ID, Int, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { CostAnomaly, MonthlyCostPoint, PlatformCostOverview, ServiceCostBreakdown, TenantCostDashboard, TierCostComparison } from './cost-dashboard.type';
import type { DashboardService } from './dashboard.service';
import { COSTS_ADMIN, COSTS_READ } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;
const DATE = { nullable: true, description: 'yyyy-MM-dd (UTC).' } as const;

/** Cost dashboards (spec 2): platform views for platform administrators, a tenant's for its administrators. */
@Resolver(() => PlatformCostOverview)
export class CostDashboardResolver {
  constructor(private readonly service: DashboardService) {}

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Query(() => PlatformCostOverview, { description: 'Platform cost of a day (default today).' })
  platformCostOverview(@Arg('date', () => String, DATE) date: string | undefined): Promise<PlatformCostOverview> {
    return this.service.overview(date ?? undefined);
  }

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Query(() => ServiceCostBreakdown, { description: 'Attributed cost per source service (default: the 30 days ending today).' })
  serviceCostBreakdown(@Arg('startDate', () => String, DATE) startDate: string | undefined, @Arg('endDate', () => String, DATE) endDate: string | undefined): Promise<ServiceCostBreakdown> {
    return this.service.services(startDate ?? undefined, endDate ?? undefined);
  }

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Query(() => TierCostComparison, { description: 'Attributed cost per tier of a month (yyyy-MM, default the current month).' })
  tierCostComparison(@Arg('month', () => String, { nullable: true }) month: string | undefined): Promise<TierCostComparison> {
    return this.service.tierComparison(month ?? undefined);
  }

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Query(() => [CostAnomaly], { description: 'Cost anomalies of a day (default yesterday) above a threshold in USD (default 100).' })
  costAnomalies(@Arg('date', () => String, DATE) date: string | undefined, @Arg('threshold', () => Float, { nullable: true }) threshold: number | undefined): Promise<CostAnomaly[]> {
    return this.service.anomalies(date ?? undefined, threshold);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, COSTS_READ)
  @Query(() => TenantCostDashboard, { description: 'A tenant\'s cost dashboard as of a day (default today).' })
  tenantCostDashboard(@Arg('tenantId', () => ID) tenantId: string, @Arg('date', () => String, DATE) date: string | undefined, @Ctx() ctx: RequestContext): Promise<TenantCostDashboard> {
    return this.service.tenantDashboard(requirePrincipal(ctx), tenantId, date ?? undefined);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, COSTS_READ)
  @Query(() => [MonthlyCostPoint], { description: 'A tenant\'s cost per month over the last `months` months (default 12), oldest first.' })
  tenantMonthlyCostHistory(@Arg('tenantId', () => ID) tenantId: string, @Arg('months', () => Int, { nullable: true }) months: number | undefined, @Ctx() ctx: RequestContext): Promise<MonthlyCostPoint[]> {
    return this.service.monthlyHistory(requirePrincipal(ctx), tenantId, months);
  }
}
