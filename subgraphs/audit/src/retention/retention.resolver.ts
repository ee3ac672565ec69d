import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, type RequestContext } from '@dataplat/kit';
import { AUDIT_ADMINS, AUDIT_READERS } from '../core';
import { UpdateRetentionPolicyInput } from './retention.inputs';
import type { RetentionService } from './retention.service';
import { RetentionPolicy, RetentionPurgeResult } from './retention.type';

@Resolver(() => RetentionPolicy)
export class RetentionResolver {
  constructor(private readonly service: RetentionService) {}

  @Authorized(...AUDIT_READERS)
  @Query(() => [RetentionPolicy], { description: 'Retention policies of the acting tenant, one per category (defaults: 365 days).' })
  auditRetentionPolicies(@Ctx() ctx: RequestContext): Promise<RetentionPolicy[]> {
    return this.service.list(requirePrincipal(ctx));
  }

  @Authorized(...AUDIT_ADMINS)
  @Mutation(() => RetentionPolicy, { description: 'Changes a retention period (Admin): 30 to 3650 days.' })
  updateAuditRetentionPolicy(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateRetentionPolicyInput, @Ctx() ctx: RequestContext): Promise<RetentionPolicy> {
    return this.service.update(requirePrincipal(ctx), id, input);
  }

  @Authorized(...AUDIT_ADMINS)
  @Mutation(() => RetentionPurgeResult, { description: 'Purges the expired events of the acting tenant now (as the scheduled purge does); the chain stays verifiable from the checkpoint.' })
  purgeExpiredAuditEvents(@Ctx() ctx: RequestContext): Promise<RetentionPurgeResult> {
    return this.service.purge(requirePrincipal(ctx));
  }
}
