import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { ClusterCostInput, CostClusterInput, NetworkUsageInput, TenantPlacementInput } from './cost-feed.inputs';
import type { CostFeedService } from './cost-feed.service';
import { ClusterDailyCostRecord, CostCluster, NetworkUsageRecord, TenantPlacement } from './cost-feed.type';
import { COSTS_ADMIN, COSTS_READ } from '../permissions';

const { PLATFORM_ADMIN } = SystemRole;

/** Feeds the cost model (GraphQL only; platform administrators): clusters, daily costs, placements, network usage. */
@Resolver(() => CostCluster)
export class CostFeedResolver {
  constructor(private readonly service: CostFeedService) {}

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Mutation(() => CostCluster, { description: 'Registers a cluster or updates its region, sharing and attribution weights.' })
  registerCostCluster(@Arg('input') input: CostClusterInput): Promise<CostCluster> {
    return this.service.registerCluster(input);
  }

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Query(() => [CostCluster], { description: 'Registered clusters, by name.' })
  costClusters(): Promise<CostCluster[]> {
    return this.service.clusters();
  }

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Mutation(() => ClusterDailyCostRecord, { description: 'Records (or replaces) the cost of a cluster on one day.' })
  recordClusterDailyCost(@Arg('input') input: ClusterCostInput): Promise<ClusterDailyCostRecord> {
    return this.service.recordClusterCost(input);
  }

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Mutation(() => TenantPlacement, { description: 'Places a tenant on a cluster from a day on; 409 DPF-TEN-106 when a later placement exists.' })
  placeTenantOnCluster(@Arg('input') input: TenantPlacementInput, @Ctx() ctx: RequestContext): Promise<TenantPlacement> {
    return this.service.placeTenant(requirePrincipal(ctx), input);
  }

  @Authorized(PLATFORM_ADMIN, COSTS_ADMIN)
  @Mutation(() => NetworkUsageRecord, { description: 'Records (or replaces) a tenant\'s network egress of one day by a source service.' })
  recordTenantNetworkUsage(@Arg('input') input: NetworkUsageInput, @Ctx() ctx: RequestContext): Promise<NetworkUsageRecord> {
    return this.service.recordNetworkUsage(requirePrincipal(ctx), input);
  }
}
