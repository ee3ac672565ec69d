import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import type { AttributionService } from './attribution.service';
import { ClusterCostAttribution, ClusterCostComparison, CostTrendPoint, TenantCostBreakdown } from './cost-attribution.type';
import { COSTS_ADMIN, COSTS_READ } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;
const DATE = { nullable: true, description: 'yyyy-MM-dd (UTC).' } as const;

/** Cost attribution (spec 2): runs by platform administrators; a tenant's views by its administrators. */
@Resolver(() => ClusterCostAttribution)
export class CostAttributionResolver {
  constructor(private readonly service: AttributionService) {}

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Mutation(() => ClusterCostAttribution, { description: 'Attributes the cluster\'s cost of the day to its tenants (re-running replaces the result).' })
  attributeClusterCost(@Arg('clusterName') clusterName: string, @Arg('date', () => String, DATE) date: string | undefined): Promise<ClusterCostAttribution> {
    return this.service.attributeCluster(clusterName, date ?? undefined);
  }

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Mutation(() => [ClusterCostAttribution], { description: 'Attributes the day\'s cost of every shared cluster with a recorded cost.' })
  attributeAllClusterCosts(@Arg('date', () => String, DATE) date: string | undefined): Promise<ClusterCostAttribution[]> {
    return this.service.attributeAll(date ?? undefined);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, COSTS_READ)
  @Query(() => TenantCostBreakdown, { description: 'A tenant\'s cost over [startDate, endDate] (default: the 30 days ending today).' })
  tenantCostBreakdown(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('startDate', () => String, DATE) startDate: string | undefined,
    @Arg('endDate', () => String, DATE) endDate: string | undefined,
    @Ctx() ctx: RequestContext,
  ): Promise<TenantCostBreakdown> {
    return this.service.breakdown(requirePrincipal(ctx), tenantId, startDate ?? undefined, endDate ?? undefined);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, COSTS_READ)
  @Query(() => [CostTrendPoint], { description: 'A tenant\'s daily cost over the last `periods` days (default 30), oldest first.' })
  tenantCostTrend(@Arg('tenantId', () => ID) tenantId: string, @Arg('periods', () => Int, { nullable: true }) periods: number | undefined, @Ctx() ctx: RequestContext): Promise<CostTrendPoint[]> {
    return this.service.trend(requirePrincipal(ctx), tenantId, periods);
  }

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Query(() => ClusterCostComparison, { description: 'Per-tenant costs, usage percentages and ranking of an attributed cluster and day (default today).' })
  clusterCostComparison(@Arg('clusterName') clusterName: string, @Arg('date', () => String, DATE) date: string | undefined): Promise<ClusterCostComparison> {
    return this.service.comparison(clusterName, date ?? undefined);
  }
}
