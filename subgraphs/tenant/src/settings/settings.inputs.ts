import { IsBoolean, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';

/** Largest value of a count limit. */
const MAX_COUNT = 1_000_000;

@InputType({ description: 'Preferences (PUT /settings). Omitted fields keep their value; limits are not accepted here (PUT /limits).' })
export class TenantPreferencesInput {
  @Field({ nullable: true, description: 'IANA time zone, e.g. Europe/Paris.' }) @IsOptional() @IsString() @Length(1, 64) timezone?: string;
  @Field({ nullable: true, description: 'BCP 47 locale, e.g. fr-FR.' }) @IsOptional() @IsString() @Length(2, 35) locale?: string;
  @Field(() => Int, { nullable: true, description: '1 to 3650.' }) @IsOptional() @IsInt() @Min(1) @Max(3650) dataRetentionDays?: number;
  @Field(() => String, { nullable: true, description: 'Empty string clears it.' }) @IsOptional() @IsString() @Length(0, 254) notificationEmail?: string;
  @Field(() => String, { nullable: true, description: 'Region like eu-west-1; empty string clears it.' }) @IsOptional() @IsString() @Length(0, 32) defaultRegion?: string;
}

@InputType({ description: 'Limits (PUT /limits, platform administrators). Omitted fields keep their value.' })
export class TenantLimitsInput {
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(MAX_COUNT) maxUsers?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(MAX_COUNT) maxConnectors?: number;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() gpuEnabled?: boolean;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() dedicatedIngress?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(MAX_COUNT) maxStorageGb?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(MAX_COUNT) maxPipelines?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(MAX_COUNT) maxApiKeys?: number;
}
