import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Limits of a tenant, set by platform administrators (PUT /limits). null: no limit.' })
export class TenantLimitsView {
  @Field(() => Int, { nullable: true }) maxUsers: number | null;
  @Field(() => Int, { nullable: true }) maxConnectors: number | null;
  @Field() gpuEnabled: boolean;
  @Field() dedicatedIngress: boolean;
  @Field(() => Int, { nullable: true }) maxStorageGb: number | null;
  @Field(() => Int, { nullable: true }) maxPipelines: number | null;
  @Field(() => Int, { nullable: true }) maxApiKeys: number | null;
}

@ObjectType({ description: 'Preferences a tenant\'s administrators edit (PUT /settings).' })
export class TenantPreferencesView {
  @Field({ description: 'IANA time zone.' }) timezone: string;
  @Field({ description: 'BCP 47 locale.' }) locale: string;
  @Field(() => Int) dataRetentionDays: number;
  @Field(() => String, { nullable: true }) notificationEmail: string | null;
  @Field(() => String, { nullable: true }) defaultRegion: string | null;
}

@ObjectType({ description: 'Current usage of the counted limits.' })
export class TenantLimitUsage {
  @Field(() => Int) connectors: number;
}

@ObjectType({ description: 'Settings of a tenant: its limits (platform-only) and its preferences (tenant Admin).' })
export class TenantSettingsView {
  @Field(() => ID) tenantId: string;
  @Field(() => TenantLimitsView) limits: TenantLimitsView;
  @Field(() => TenantPreferencesView) preferences: TenantPreferencesView;
  @Field(() => TenantLimitUsage) usage: TenantLimitUsage;
  @Field(() => Date, { nullable: true }) updatedAt: Date | null;
}
