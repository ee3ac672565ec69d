import { IsIn, IsNumber, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { Field, Float, InputType } from 'type-graphql';
import { ENFORCEMENT_MODES, RESOURCE_TYPE_NAMES } from './quota.model';

const MAX_LIMIT = 1e15;

@InputType({ description: 'Quota request (spec 2): creates the quota of a resource type or updates it.' })
export class QuotaInput {
  @Field() @IsIn(RESOURCE_TYPE_NAMES) resourceType: string;
  @Field(() => Float) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_LIMIT) softLimit: number;
  @Field(() => Float) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_LIMIT) hardLimit: number;
  @Field({ nullable: true, description: 'Must be the unit of the resource type when given.' }) @IsOptional() @IsString() unit?: string;
  @Field({ nullable: true, description: 'HARD (default) or SOFT.' }) @IsOptional() @IsIn(ENFORCEMENT_MODES) enforcementMode?: string;
}

@InputType({ description: 'Usage record request (spec 2). A negative amount releases usage (gauges such as CPU).' })
export class UsageInput {
  @Field() @IsIn(RESOURCE_TYPE_NAMES) resourceType: string;
  @Field(() => Float) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(-MAX_LIMIT) @Max(MAX_LIMIT) amount: number;
  @Field({ description: 'The reporting service.' }) @IsString() @Length(1, 100) source: string;
}
