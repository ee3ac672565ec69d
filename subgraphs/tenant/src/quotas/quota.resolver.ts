import { Arg, Authorized, Ctx, Float, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { QuotaInput, UsageInput } from './quota.inputs';
import type { QuotaService } from './quota.service';
import { Quota, QuotaCheckResult, QuotaSummary, UsageHistory, UsageResult, UsageTrend } from './quota.type';
import { QUOTAS_READ, QUOTAS_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/**
 * Quotas of spec 2: limits are set by platform administrators; a tenant's administrators read
 * them, check availability and record usage (docs/tenant-quotas-alerts.md "Roles").
 */
@Resolver(() => Quota)
export class QuotaResolver {
  constructor(private readonly service: QuotaService) {}

  @Authorized(PLATFORM_ADMIN, QUOTAS_WRITE)
  @Mutation(() => [Quota], { description: 'Creates the default quotas of the tenant\'s plan (tier); existing quotas take the default limits.' })
  applyDefaultQuotas(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<Quota[]> {
    return this.service.applyDefaults(requirePrincipal(ctx), tenantId);
  }

  @Authorized(PLATFORM_ADMIN, QUOTAS_WRITE)
  @Mutation(() => Quota, { description: 'Creates the quota of a resource type or updates its limits (usage is kept).' })
  upsertQuota(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: QuotaInput, @Ctx() ctx: RequestContext): Promise<Quota> {
    return this.service.upsert(requirePrincipal(ctx), tenantId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, QUOTAS_READ)
  @Query(() => [Quota], { description: 'All quotas of a tenant.' })
  quotas(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<Quota[]> {
    return this.service.list(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, QUOTAS_READ)
  @Query(() => Quota, { description: 'The quota of one resource type.' })
  quota(@Arg('tenantId', () => ID) tenantId: string, @Arg('resourceType') resourceType: string, @Ctx() ctx: RequestContext): Promise<Quota> {
    return this.service.get(requirePrincipal(ctx), tenantId, resourceType);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, QUOTAS_READ)
  @Query(() => QuotaSummary, { description: 'All quotas with usage and utilization.' })
  quotaSummary(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<QuotaSummary> {
    return this.service.summary(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, QUOTAS_WRITE)
  @Mutation(() => UsageResult, { description: 'Records usage; refused with DPF-TEN-041 (403) when a HARD quota would be exceeded.' })
  recordQuotaUsage(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: UsageInput, @Ctx() ctx: RequestContext): Promise<UsageResult> {
    return this.service.record(requirePrincipal(ctx), tenantId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, QUOTAS_READ)
  @Query(() => QuotaCheckResult, { description: 'Whether `amount` more of the resource would be accepted now.' })
  checkQuota(@Arg('tenantId', () => ID) tenantId: string, @Arg('resourceType') resourceType: string, @Arg('amount', () => Float, { defaultValue: 0 }) amount: number, @Ctx() ctx: RequestContext): Promise<QuotaCheckResult> {
    return this.service.check(requirePrincipal(ctx), tenantId, resourceType, amount);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, QUOTAS_READ)
  @Query(() => UsageHistory, { description: 'Usage records in [start, end] (default: the last 7 days), most recent first.' })
  quotaUsageHistory(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('resourceType') resourceType: string,
    @Arg('start', () => Date, { nullable: true }) start: Date | undefined,
    @Arg('end', () => Date, { nullable: true }) end: Date | undefined,
    @Ctx() ctx: RequestContext,
  ): Promise<UsageHistory> {
    return this.service.history(requirePrincipal(ctx), tenantId, resourceType, start ?? undefined, end ?? undefined);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, QUOTAS_READ)
  @Query(() => UsageTrend, { description: 'Usage aggregated per hour, day or week (default: day over the last 30 days).' })
  quotaUsageTrend(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('resourceType') resourceType: string,
    @Arg('start', () => Date, { nullable: true }) start: Date | undefined,
    @Arg('end', () => Date, { nullable: true }) end: Date | undefined,
    @Arg('interval', () => String, { nullable: true }) interval: string | undefined,
    @Ctx() ctx: RequestContext,
  ): Promise<UsageTrend> {
    return this.service.trend(requirePrincipal(ctx), tenantId, resourceType, start ?? undefined, end ?? undefined, interval ?? 'day');
  }
}
