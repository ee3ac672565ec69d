import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, requireTenant, SystemRole, type RequestContext } from '@dataplat/kit';
import type { MfaPolicyRepository } from './mfa-policy.repository';
import { MfaSecurityPolicyInput } from './mfa.inputs';
import { MfaSecurityPolicy } from './mfa.types';

/**
 * The acting tenant's MFA security policy (administrators; a platform admin names the tenant
 * with X-Tenant-ID). GraphQL only: the tenant-settings endpoints will write it through the graph.
 */
@Resolver(() => MfaSecurityPolicy)
export class MfaPolicyResolver {
  constructor(private readonly policies: MfaPolicyRepository) {}

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN)
  @Query(() => MfaSecurityPolicy)
  mfaSecurityPolicy(@Ctx() ctx: RequestContext): Promise<MfaSecurityPolicy> {
    return this.policies.get(requireTenant(ctx));
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN)
  @Mutation(() => MfaSecurityPolicy)
  updateMfaSecurityPolicy(@Arg('input') input: MfaSecurityPolicyInput, @Ctx() ctx: RequestContext): Promise<MfaSecurityPolicy> {
    return this.policies.set(requireTenant(ctx), input.trustedDevicesSkipMfa, requirePrincipal(ctx).subject);
  }
}
