import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import type { ProvisioningService } from './provisioning.service';
import { ProvisioningDetailedStatus, ProvisioningEventRecord, ProvisioningPhase, ProvisioningStatus, ProvisioningStepRecord, ProvisioningTimeline } from './provisioning.type';
import { TENANTS_READ, TENANTS_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/**
 * Provisioning endpoints of spec 2 (base /api/v1/tenants/{tenantId}/provisioning): a tenant's
 * Admin reads its own tenant's provisioning, a Platform Admin any; retry, rollback and
 * reprovision are Platform Admin operations.
 */
@Resolver()
export class ProvisioningResolver {
  constructor(private readonly service: ProvisioningService) {}

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => ProvisioningStatus, { description: 'Provisioning status of a tenant.' })
  provisioningStatus(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<ProvisioningStatus> {
    return this.service.status(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => ProvisioningDetailedStatus, { description: 'Progress, phases, timeline and recent events.' })
  provisioningDetailedStatus(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<ProvisioningDetailedStatus> {
    return this.service.detailed(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => [ProvisioningPhase], { description: 'Phase breakdown, in workflow order.' })
  provisioningPhases(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<ProvisioningPhase[]> {
    return this.service.phases(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => ProvisioningTimeline, { description: 'Timeline and step durations.' })
  provisioningTimeline(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<ProvisioningTimeline> {
    return this.service.timeline(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => [ProvisioningEventRecord], { description: 'Recent events, most recent first (limit 1 to 200, default 50).' })
  provisioningEvents(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50 }) limit: number,
    @Ctx() ctx: RequestContext,
  ): Promise<ProvisioningEventRecord[]> {
    return this.service.events(requirePrincipal(ctx), tenantId, limit);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => [ProvisioningStepRecord], { description: 'Every step, in order.' })
  provisioningSteps(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<ProvisioningStepRecord[]> {
    return this.service.steps(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => ProvisioningStepRecord, { description: 'One step.' })
  provisioningStep(@Arg('tenantId', () => ID) tenantId: string, @Arg('stepId', () => ID) stepId: string, @Ctx() ctx: RequestContext): Promise<ProvisioningStepRecord> {
    return this.service.step(requirePrincipal(ctx), tenantId, stepId);
  }

  @Authorized(PLATFORM_ADMIN, TENANTS_WRITE)
  @Mutation(() => ProvisioningStatus, { description: 'Resumes from the failed step (400 DPF-TEN-020 when no step failed).' })
  retryProvisioning(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<ProvisioningStatus> {
    return this.service.retry(requirePrincipal(ctx), tenantId);
  }

  @Authorized(PLATFORM_ADMIN, TENANTS_WRITE)
  @Mutation(() => ProvisioningStatus, { description: 'Reverses every provisioned resource, last first; the tenant becomes FAILED.' })
  rollbackProvisioning(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<ProvisioningStatus> {
    return this.service.rollback(requirePrincipal(ctx), tenantId);
  }

  @Authorized(PLATFORM_ADMIN, TENANTS_WRITE)
  @Mutation(() => ProvisioningStatus, { description: 'Rollback, then provisioning again from the first step.' })
  reprovisionTenant(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<ProvisioningStatus> {
    return this.service.reprovision(requirePrincipal(ctx), tenantId);
  }
}
