import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A cost split into categories (USD, cents).' })
export class CostBreakdown {
  @Field(() => Float) compute: number;
  @Field(() => Float) storage: number;
  @Field(() => Float) network: number;
  @Field(() => Float) other: number;
}

@ObjectType({ description: 'A cost split by the resource terms of the weight (USD, cents).' })
export class ResourceCosts {
  @Field(() => Float) cpu: number;
  @Field(() => Float) memory: number;
  @Field(() => Float) storage: number;
  @Field(() => Float) network: number;
}

@ObjectType({ description: 'Resource usage on a cluster and day.' })
export class ResourceUsageFigures {
  @Field(() => Float) cpuCoreHours: number;
  @Field(() => Float) memoryGibHours: number;
  @Field(() => Float) storageGibDays: number;
  @Field(() => Float) networkGib: number;
}

@ObjectType({ description: 'The attribution weights of a cluster.' })
export class AttributionWeights {
  @Field(() => Float) cpu: number;
  @Field(() => Float) memory: number;
  @Field(() => Float) storage: number;
  @Field(() => Float) network: number;
}

@ObjectType({ description: 'One tenant\'s part of a cluster\'s daily cost.' })
export class TenantCostShare {
  @Field(() => ID) tenantId: string;
  @Field() tenantName: string;
  @Field(() => ResourceUsageFigures) usage: ResourceUsageFigures;
  @Field(() => Float, { description: 'Resource weight (6 decimals).' }) weight: number;
  @Field(() => Float, { description: 'weight / total weight x 100 (4 decimals).' }) sharePercent: number;
  @Field(() => Float) cost: number;
  @Field(() => CostBreakdown) breakdown: CostBreakdown;
  @Field(() => ResourceCosts) resourceCosts: ResourceCosts;
}

@ObjectType({ description: 'The attribution of one cluster\'s cost on one day.' })
export class ClusterCostAttribution {
  @Field() clusterName: string;
  @Field() date: string;
  @Field() currency: string;
  @Field(() => Float) clusterCost: number;
  @Field(() => CostBreakdown) clusterBreakdown: CostBreakdown;
  @Field(() => AttributionWeights) weights: AttributionWeights;
  @Field(() => Float) totalWeight: number;
  @Field(() => Float) attributedCost: number;
  @Field(() => Float, { description: 'clusterCost - attributedCost (the whole cost when nobody used the cluster).' }) unattributedCost: number;
  @Field(() => Int) tenantCount: number;
  @Field() attributedAt: Date;
  @Field(() => [TenantCostShare], { description: 'Highest cost first.' }) tenants: TenantCostShare[];
}

@ObjectType()
export class CostPeriod {
  @Field({ description: 'yyyy-MM-dd (inclusive).' }) start: string;
  @Field({ description: 'yyyy-MM-dd (inclusive).' }) end: string;
}

@ObjectType()
export class DailyCost {
  @Field() date: string;
  @Field(() => Float) cost: number;
}

@ObjectType({ description: 'Spec 2 "Tenant cost breakdown".' })
export class TenantCostBreakdown {
  @Field(() => ID) tenantId: string;
  @Field(() => CostPeriod) period: CostPeriod;
  @Field() currency: string;
  @Field(() => Float) totalCost: number;
  @Field(() => CostBreakdown) breakdown: CostBreakdown;
  @Field(() => [DailyCost], { description: 'Every day of the period, oldest first (0 on days without cost).' }) dailyCosts: DailyCost[];
}

@ObjectType({ description: 'A tenant\'s cost on one day and its change from the day before.' })
export class CostTrendPoint {
  @Field() date: string;
  @Field(() => Float) cost: number;
  @Field(() => CostBreakdown) breakdown: CostBreakdown;
  @Field(() => Float, { nullable: true, description: 'cost - previous day\'s cost; null on the first point.' }) changeFromPrevious: number | null;
  @Field(() => Float, { nullable: true, description: 'Change in percent of the previous day; null on the first point or when the previous day cost 0.' }) changePercent: number | null;
}

@ObjectType({ description: 'A tenant\'s usage of each resource as a percentage of the cluster\'s.' })
export class UsagePercentages {
  @Field(() => Float) cpu: number;
  @Field(() => Float) memory: number;
  @Field(() => Float) storage: number;
  @Field(() => Float) network: number;
}

@ObjectType()
export class TenantCostRanking {
  @Field(() => Int, { description: '1 = highest cost (ties by tenant id).' }) rank: number;
  @Field(() => ID) tenantId: string;
  @Field() tenantName: string;
  @Field(() => Float) cost: number;
  @Field(() => Float, { description: 'Percent of the cluster cost (4 decimals).' }) costPercent: number;
  @Field(() => ResourceUsageFigures) usage: ResourceUsageFigures;
  @Field(() => UsagePercentages) usagePercent: UsagePercentages;
}

@ObjectType({ description: 'Per-tenant costs, usage percentages and ranking on one cluster and day.' })
export class ClusterCostComparison {
  @Field() clusterName: string;
  @Field() date: string;
  @Field(() => Float) clusterCost: number;
  @Field(() => Float) attributedCost: number;
  @Field(() => Float) totalWeight: number;
  @Field(() => ResourceUsageFigures, { description: 'Usage of all tenants on the cluster.' }) totalUsage: ResourceUsageFigures;
  @Field(() => [TenantCostRanking]) tenants: TenantCostRanking[];
}
