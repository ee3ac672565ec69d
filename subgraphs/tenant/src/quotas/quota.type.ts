import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A tenant\'s limit for one resource type and its current usage.' })
export class Quota {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field({ description: 'CPU, MEMORY, STORAGE, API_CALLS, CONNECTIONS, USERS, QUERIES, PIPELINES or MODELS.' }) resourceType: string;
  @Field(() => Float) softLimit: number;
  @Field(() => Float) hardLimit: number;
  @Field() unit: string;
  @Field({ description: 'HARD (usage above the hard limit refused) or SOFT (accepted, critical alert).' }) enforcementMode: string;
  @Field(() => Float, { description: 'Current usage (within the current minute for API_CALLS, day for QUERIES).' }) currentUsage: number;
  @Field(() => Float, { description: 'currentUsage as a percentage of hardLimit.' }) utilizationPercent: number;
  @Field(() => String, { nullable: true, description: 'minute or day for windowed resources.' }) usageWindow: string | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType({ description: 'All quotas of a tenant with usage and utilization.' })
export class QuotaSummary {
  @Field(() => ID) tenantId: string;
  @Field(() => Int) totalQuotas: number;
  @Field(() => Int, { description: 'Quotas whose usage reached the soft limit.' }) overSoftLimit: number;
  @Field(() => Int, { description: 'Quotas whose usage reached the hard limit.' }) atHardLimit: number;
  @Field(() => Float, { description: 'Highest utilization percent among the quotas (0 without quotas).' }) highestUtilizationPercent: number;
  @Field(() => [Quota]) quotas: Quota[];
}

@ObjectType({ description: 'Outcome of a usage record (spec 2 "Usage response").' })
export class UsageResult {
  @Field() accepted: boolean;
  @Field() resourceType: string;
  @Field(() => Float) currentUsage: number;
  @Field(() => Float) softLimit: number;
  @Field(() => Float) hardLimit: number;
  @Field(() => Float) utilizationPercent: number;
  @Field({ description: 'True when usage is at or above the soft limit after this record.' }) warningIssued: boolean;
  @Field(() => String, { nullable: true, description: 'Why usage was refused, or the soft-limit warning.' }) message: string | null;
}

@ObjectType({ description: 'Whether an amount of a resource is available now.' })
export class QuotaCheckResult {
  @Field() resourceType: string;
  @Field(() => Float) requestedAmount: number;
  @Field(() => Float) currentUsage: number;
  @Field(() => Float) softLimit: number;
  @Field(() => Float) hardLimit: number;
  @Field(() => Float, { description: 'hardLimit - currentUsage, never below 0.' }) available: number;
  @Field({ description: 'True when recording requestedAmount now would be accepted.' }) allowed: boolean;
  @Field({ description: 'True when usage after requestedAmount would reach the soft limit.' }) wouldExceedSoftLimit: boolean;
  @Field(() => Float) utilizationPercentAfter: number;
}

@ObjectType({ description: 'One recorded usage report.' })
export class UsageRecord {
  @Field(() => ID) id: string;
  @Field(() => Float) amount: number;
  @Field(() => Float, { description: 'Usage after the record (unchanged when refused).' }) usageAfter: number;
  @Field(() => Float) hardLimit: number;
  @Field() source: string;
  @Field() accepted: boolean;
  @Field() recordedAt: Date;
}

@ObjectType()
export class UsageHistory {
  @Field() resourceType: string;
  @Field() start: Date;
  @Field() end: Date;
  @Field(() => [UsageRecord], { description: 'Most recent first.' }) records: UsageRecord[];
}

@ObjectType({ description: 'Usage aggregated over one bucket (date_trunc of the interval).' })
export class UsageTrendPoint {
  @Field() bucketStart: Date;
  @Field(() => Float, { description: 'Sum of accepted amounts.' }) totalAmount: number;
  @Field(() => Int) acceptedCount: number;
  @Field(() => Int) refusedCount: number;
  @Field(() => Float, { description: 'Highest usage after a record in the bucket.' }) peakUsage: number;
  @Field(() => Float) averageUsage: number;
  @Field(() => Float, { description: 'peakUsage as a percentage of the hard limit at the time.' }) peakUtilizationPercent: number;
}

@ObjectType()
export class UsageTrend {
  @Field() resourceType: string;
  @Field({ description: 'hour, day or week.' }) interval: string;
  @Field() start: Date;
  @Field() end: Date;
  @Field(() => [UsageTrendPoint], { description: 'Buckets with records, oldest first.' }) points: UsageTrendPoint[];
}
