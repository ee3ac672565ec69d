import { Field, Float, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A cluster whose daily cost is attributed to the tenants placed on it (docs/tenant-costs.md).' })
export class CostCluster {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() region: string;
  @Field({ description: 'Shared clusters are attributed by POST /cost-attribution/all/attribute.' }) shared: boolean;
  @Field(() => Float, { description: 'Weight of one CPU core-hour.' }) cpuWeight: number;
  @Field(() => Float, { description: 'Weight of one memory GiB-hour.' }) memoryWeight: number;
  @Field(() => Float, { description: 'Weight of one storage GiB-day.' }) storageWeight: number;
  @Field(() => Float, { description: 'Weight of one network GiB.' }) networkWeight: number;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType({ description: 'The cost of a cluster on one UTC day (USD).' })
export class ClusterDailyCostRecord {
  @Field() clusterName: string;
  @Field({ description: 'yyyy-MM-dd (UTC).' }) date: string;
  @Field(() => Float) totalCost: number;
  @Field(() => Float) computeCost: number;
  @Field(() => Float) storageCost: number;
  @Field(() => Float) networkCost: number;
  @Field(() => Float) otherCost: number;
  @Field() currency: string;
  @Field() source: string;
}

@ObjectType({ description: 'A tenant placed on a cluster from fromDate (inclusive) until toDate (exclusive).' })
export class TenantPlacement {
  @Field(() => ID) tenantId: string;
  @Field() clusterName: string;
  @Field() fromDate: string;
  @Field(() => String, { nullable: true }) toDate: string | null;
}

@ObjectType({ description: 'Network egress of a tenant on one day, reported by a source service.' })
export class NetworkUsageRecord {
  @Field(() => ID) tenantId: string;
  @Field() date: string;
  @Field() source: string;
  @Field(() => Float) gib: number;
}
