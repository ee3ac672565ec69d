import { Arg, Authorized, Ctx, ID, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import type { UsageService } from './usage.service';
import { PlatformUsage, TenantUsage, UsageBreakdown } from './usage.type';
import { BILLING_READ } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;
const PERIOD = { nullable: true, description: 'YYYY-MM (UTC); default: the current month.' } as const;

@Resolver(() => TenantUsage)
export class UsageResolver {
  constructor(private readonly service: UsageService) {}

  @Authorized(PLATFORM_ADMIN, BILLING_READ)
  @Query(() => PlatformUsage, { description: 'Usage of every tenant in a period (platform administrators).' })
  billingUsage(@Arg('period', () => String, PERIOD) period: string | null): Promise<PlatformUsage> {
    return this.service.platformUsage(period);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => TenantUsage, { description: 'A tenant\'s usage per meter in a period, with the estimated total.' })
  tenantBillingUsage(@Arg('tenantId', () => ID) tenantId: string, @Arg('period', () => String, PERIOD) period: string | null, @Ctx() ctx: RequestContext): Promise<TenantUsage> {
    return this.service.tenantUsage(requirePrincipal(ctx), tenantId, period);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => UsageBreakdown, { description: 'A tenant\'s cost in a period line by line, priced as the invoice will be.' })
  tenantBillingUsageBreakdown(@Arg('tenantId', () => ID) tenantId: string, @Arg('period', () => String, PERIOD) period: string | null, @Ctx() ctx: RequestContext): Promise<UsageBreakdown> {
    return this.service.breakdown(requirePrincipal(ctx), tenantId, period);
  }
}
