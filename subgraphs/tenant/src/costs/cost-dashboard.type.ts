import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { CostBreakdown, CostPeriod, CostTrendPoint } from './cost-attribution.type';

@ObjectType()
export class TenantCostItem {
  @Field(() => ID) tenantId: string;
  @Field() tenantName: string;
  @Field(() => Float) cost: number;
}

@ObjectType()
export class ClusterCostSummary {
  @Field() clusterName: string;
  @Field(() => Float) totalCost: number;
  @Field(() => Float) attributedCost: number;
  @Field(() => Int) tenantCount: number;
  @Field({ description: 'Whether the day was attributed on this cluster.' }) attributed: boolean;
}

@ObjectType({ description: 'Platform cost on one day.' })
export class PlatformCostOverview {
  @Field() date: string;
  @Field() currency: string;
  @Field(() => Float, { description: 'Sum of the cluster costs recorded for the day.' }) totalCost: number;
  @Field(() => Float) attributedCost: number;
  @Field(() => Float) unattributedCost: number;
  @Field(() => CostBreakdown) breakdown: CostBreakdown;
  @Field(() => Int) clusterCount: number;
  @Field(() => Int, { description: 'Tenants with an attributed cost above 0.' }) tenantCount: number;
  @Field(() => Float) averageCostPerTenant: number;
  @Field(() => Float) previousDayCost: number;
  @Field(() => Float, { nullable: true }) changePercent: number | null;
  @Field(() => Float, { description: 'Cluster costs from the 1st of the month to the date.' }) monthToDate: number;
  @Field(() => [TenantCostItem], { description: 'The 5 costliest tenants of the day.' }) topTenants: TenantCostItem[];
  @Field(() => [ClusterCostSummary]) clusters: ClusterCostSummary[];
}

@ObjectType()
export class ServiceCost {
  @Field({ description: 'The `source` of the usage records.' }) service: string;
  @Field(() => Float) cost: number;
  @Field(() => Float) percent: number;
  @Field(() => Int) tenantCount: number;
}

@ObjectType({ description: 'Attributed cost per source service over a period.' })
export class ServiceCostBreakdown {
  @Field(() => CostPeriod) period: CostPeriod;
  @Field() currency: string;
  @Field(() => Float) totalCost: number;
  @Field(() => [ServiceCost], { description: 'Highest cost first.' }) services: ServiceCost[];
}

@ObjectType()
export class TierCost {
  @Field({ description: 'FREE, STARTER, PROFESSIONAL or ENTERPRISE (the tenant plan).' }) tier: string;
  @Field(() => Int, { description: 'Tenants of the tier with an attribution in the month.' }) tenantCount: number;
  @Field(() => Float) totalCost: number;
  @Field(() => Float) averageCostPerTenant: number;
  @Field(() => Float) percentOfTotal: number;
}

@ObjectType({ description: 'Attributed cost per tier over a month.' })
export class TierCostComparison {
  @Field({ description: 'yyyy-MM.' }) month: string;
  @Field() currency: string;
  @Field(() => Float) totalCost: number;
  @Field(() => [TierCost]) tiers: TierCost[];
}

@ObjectType()
export class AnomalyResourceBreakdown {
  @Field(() => Float) compute: number;
  @Field(() => Float) storage: number;
  @Field(() => Float) network: number;
}

@ObjectType({ description: 'Spec 2 "Cost anomaly item".' })
export class CostAnomaly {
  @Field(() => ID) tenantId: string;
  @Field() tenantName: string;
  @Field() date: string;
  @Field(() => Float) actualCost: number;
  @Field(() => Float) expectedCost: number;
  @Field(() => Float) deviation: number;
  @Field(() => Float, { nullable: true }) deviationPercent: number | null;
  @Field({ description: 'SPIKE or DROP.' }) anomalyType: string;
  @Field(() => AnomalyResourceBreakdown) resourceBreakdown: AnomalyResourceBreakdown;
}

@ObjectType()
export class ResourceCostItem {
  @Field({ description: 'CPU, MEMORY, STORAGE or NETWORK.' }) resource: string;
  @Field(() => Float) usage: number;
  @Field({ description: 'core-hours, GiB-hours, GiB-days or GiB.' }) unit: string;
  @Field(() => Float) cost: number;
  @Field(() => Float) percent: number;
}

@ObjectType({ description: 'A tenant\'s costs as of one day.' })
export class TenantCostDashboard {
  @Field(() => ID) tenantId: string;
  @Field() tenantName: string;
  @Field() date: string;
  @Field() currency: string;
  @Field(() => Float) todayCost: number;
  @Field(() => Float) yesterdayCost: number;
  @Field(() => Float) monthToDate: number;
  @Field(() => Float) dailyAverage: number;
  @Field(() => Float, { description: 'monthToDate / days elapsed x days in month.' }) projectedMonthEnd: number;
  @Field(() => CostBreakdown, { description: 'Month to date.' }) monthBreakdown: CostBreakdown;
  @Field(() => [ResourceCostItem], { description: 'Month to date, highest cost first.' }) topResources: ResourceCostItem[];
  @Field(() => [CostTrendPoint], { description: 'The 7 days ending on the date.' }) trend: CostTrendPoint[];
}

@ObjectType()
export class MonthlyCostPoint {
  @Field({ description: 'yyyy-MM.' }) month: string;
  @Field(() => Float) totalCost: number;
  @Field(() => CostBreakdown) breakdown: CostBreakdown;
  @Field(() => Int, { description: 'Days with an attribution.' }) activeDays: number;
  @Field(() => Float, { nullable: true }) changePercent: number | null;
}
