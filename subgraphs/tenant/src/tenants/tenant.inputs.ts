import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';
import { PLANS, TENANT_STATUSES, TIERS } from './tenant.model';

/** A DNS label: 3 to 63 characters, lower-case letters, digits and inner hyphens, starting with a letter. */
export const SLUG_PATTERN = /^[a-z][a-z0-9-]{1,61}[a-z0-9]$/;
/** Region names such as `us-east-1`, `eu-west`. */
export const REGION_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;

@InputType({ description: 'Limits and options of a tenant; omitted fields keep their value (or default).' })
export class TenantSettingsInput {
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(1) @Max(1_000_000) maxUsers?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(100_000) maxConnectors?: number;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() gpuEnabled?: boolean;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() dedicatedIngress?: boolean;
}

@InputType({ description: 'Provisioning request (spec 2 "Tenant (create request)").' })
export class ProvisionTenantInput {
  @Field() @IsString() @Length(1, 100) name: string;
  @Field({ description: 'DNS label, 3 to 63 characters: lower-case letters, digits, inner hyphens. Unique on the platform.' })
  @Matches(SLUG_PATTERN, { message: 'slug must be 3 to 63 characters: a lower-case letter, then lower-case letters, digits or hyphens, not ending in a hyphen' })
  slug: string;
  @Field({ description: 'FREE, STARTER, PROFESSIONAL or ENTERPRISE.' }) @IsIn(PLANS) plan: string;
  @Field({ nullable: true, description: 'Rate-limit tier (free, professional, enterprise); by default the plan\'s.' }) @IsOptional() @IsIn(TIERS) tier?: string;
  @Field() @Matches(REGION_PATTERN, { message: 'region must be 2 to 32 characters: lower-case letters, digits and hyphens' }) region: string;
  @Field() @IsEmail() @MaxLength(254) adminEmail: string;
  @Field(() => TenantSettingsInput, { nullable: true }) @IsOptional() @ValidateNested() settings?: TenantSettingsInput;
}

@InputType({ description: 'Changes to a tenant; omitted fields are left unchanged. Plan and tier: platform administrators only.' })
export class UpdateTenantInput {
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 100) name?: string;
  @Field({ nullable: true }) @IsOptional() @Matches(REGION_PATTERN, { message: 'region must be 2 to 32 characters: lower-case letters, digits and hyphens' }) region?: string;
  @Field({ nullable: true }) @IsOptional() @IsIn(PLANS) plan?: string;
  @Field({ nullable: true }) @IsOptional() @IsIn(TIERS) tier?: string;
  @Field(() => TenantSettingsInput, { nullable: true }) @IsOptional() @ValidateNested() settings?: TenantSettingsInput;
}

@InputType()
export class SuspendTenantInput {
  @Field({ nullable: true, description: 'Why the tenant is suspended (kept in its status history).' }) @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

@ArgsType()
export class TenantListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only tenants in this status.' })
  @IsOptional()
  @IsIn(TENANT_STATUSES)
  status?: string;

  @Field(() => String, { nullable: true, description: 'Only tenants on this plan.' })
  @IsOptional()
  @IsIn(PLANS)
  plan?: string;
}
