import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { actingTenantId } from '../accounts/billing-scope';
import { MeteringEventInput } from './metering.inputs';
import type { MeteringService } from './metering.service';
import { MeteringAcceptance, MeteringSummary } from './metering.type';
import { BILLING_READ, METERING_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

@Resolver(() => MeteringAcceptance)
export class MeteringResolver {
  constructor(private readonly service: MeteringService) {}

  @Authorized(METERING_WRITE)
  @Mutation(() => MeteringAcceptance, { description: 'Accepts a metering event (service tokens with metering:write only); a duplicate eventId returns the original acceptance.' })
  recordMeteringEvent(@Arg('input') input: MeteringEventInput, @Ctx() ctx: RequestContext): Promise<MeteringAcceptance> {
    return this.service.record(requirePrincipal(ctx), input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => MeteringSummary, { description: 'Metering of the acting tenant in a period (default: the current month, UTC), per meter.' })
  meteringSummary(@Arg('period', () => String, { nullable: true, description: 'YYYY-MM.' }) period: string | null, @Ctx() ctx: RequestContext): Promise<MeteringSummary> {
    return this.service.summary(actingTenantId(requirePrincipal(ctx)), period);
  }
}
