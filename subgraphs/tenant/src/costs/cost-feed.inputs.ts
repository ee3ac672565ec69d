import { IsBoolean, IsNumber, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { Field, Float, ID, InputType } from 'type-graphql';

const MAX_AMOUNT = 1e12;

@InputType({ description: 'Registers a cluster or updates its region, sharing and weights (omitted weights: defaults on create, unchanged on update).' })
export class CostClusterInput {
  @Field() @IsString() @Length(1, 100) name: string;
  @Field() @IsString() @Length(1, 64) region: string;
  @Field({ nullable: true, description: 'Default true.' }) @IsOptional() @IsBoolean() shared?: boolean;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_AMOUNT) cpuWeight?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_AMOUNT) memoryWeight?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_AMOUNT) storageWeight?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_AMOUNT) networkWeight?: number;
}

@InputType({ description: 'The cost of a cluster on one day, split into categories (USD); the total is their sum. Re-recording replaces it.' })
export class ClusterCostInput {
  @Field() @IsString() clusterName: string;
  @Field({ description: 'yyyy-MM-dd (UTC).' }) @IsString() date: string;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_AMOUNT) computeCost?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_AMOUNT) storageCost?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_AMOUNT) networkCost?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_AMOUNT) otherCost?: number;
  @Field({ nullable: true, description: 'USD (the only currency).' }) @IsOptional() @IsString() currency?: string;
  @Field({ description: 'Where the figure comes from, e.g. cloud-billing-export.' }) @IsString() @Length(1, 100) source: string;
}

@InputType({ description: 'Places a tenant on a cluster from a day on (ends its previous placement).' })
export class TenantPlacementInput {
  @Field(() => ID) tenantId: string;
  @Field() @IsString() clusterName: string;
  @Field({ description: 'yyyy-MM-dd (UTC).' }) @IsString() fromDate: string;
}

@InputType({ description: 'Network egress of a tenant on one day by a source service (replaces an earlier report).' })
export class NetworkUsageInput {
  @Field(() => ID) tenantId: string;
  @Field({ description: 'yyyy-MM-dd (UTC).' }) @IsString() date: string;
  @Field() @IsString() @Length(1, 100) source: string;
  @Field(() => Float) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_AMOUNT) gib: number;
}
