import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNumber, IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { ArgsType, Field, Float, InputType } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';
import { RESOURCE_TYPE_NAMES } from '../quotas/quota.model';
import { ALERT_STATUSES, CONDITIONS, RESOLUTION_TYPES, SEVERITIES } from './alert.model';

@ArgsType()
export class AlertListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only alerts in this status.' }) @IsOptional() @IsIn(ALERT_STATUSES) status?: string;
}

@InputType()
export class AcknowledgeAlertInput {
  @Field({ description: 'The user acknowledging (a user of the tenant).' }) @IsUUID() userId: string;
}

@InputType()
export class ResolveAlertInput {
  @Field() @IsUUID() userId: string;
  @Field({ description: 'MANUAL, AUTOMATIC or TIMEOUT.' }) @IsIn(RESOLUTION_TYPES) resolutionType: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(2000) notes?: string;
}

@InputType({ description: 'AlertRule (spec 2).' })
export class AlertRuleInput {
  @Field() @IsString() @Length(1, 100) ruleName: string;
  @Field() @IsIn(RESOURCE_TYPE_NAMES) resourceType: string;
  @Field() @IsIn(CONDITIONS) condition: string;
  @Field(() => Float) @IsNumber({ allowNaN: false, allowInfinity: false }) threshold: number;
  @Field() @IsIn(SEVERITIES) severity: string;
  @Field({ description: 'Duration: 30s, 5m, 1h, 1d (10 s to 7 days).' }) @IsString() evaluationPeriod: string;
  @Field(() => [String], { defaultValue: [], description: 'email:<address>, webhook:<URL>, chat:<channel>.' }) @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) notificationChannels: string[];
  @Field({ nullable: true, defaultValue: true }) @IsOptional() @IsBoolean() enabled?: boolean;
}

@InputType({ description: 'Changes to a rule; omitted fields are left unchanged.' })
export class UpdateAlertRuleInput {
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 100) ruleName?: string;
  @Field({ nullable: true }) @IsOptional() @IsIn(RESOURCE_TYPE_NAMES) resourceType?: string;
  @Field({ nullable: true }) @IsOptional() @IsIn(CONDITIONS) condition?: string;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) threshold?: number;
  @Field({ nullable: true }) @IsOptional() @IsIn(SEVERITIES) severity?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() evaluationPeriod?: string;
  @Field(() => [String], { nullable: true }) @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) notificationChannels?: string[];
  @Field({ nullable: true }) @IsOptional() @IsBoolean() enabled?: boolean;
}
