import { Arg, Authorized, Ctx, Directive, Field, FieldResolver, ID, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import type { TenantBillingService } from './tenant-billing.service';
import { TenantBilling } from './tenant-billing.type';
import { BILLING_READ } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/** The tenant service's Tenant entity, extended by billing with its `billing` field. */
@ObjectType('Tenant')
@Directive('@key(fields: "id")')
export class TenantEntity {
  @Field(() => ID) id: string;
}

export const tenantReference = { Tenant: { __resolveReference: (ref: { id: string }): TenantEntity => ({ id: ref.id }) } };

@Resolver(() => TenantBilling)
export class TenantBillingResolver {
  constructor(private readonly service: TenantBillingService) {}

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => TenantBilling, { description: 'Plan, current period, running total and budget status of a tenant.' })
  tenantBilling(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<TenantBilling> {
    return this.service.overview(requirePrincipal(ctx), tenantId);
  }
}

@Resolver(() => TenantEntity)
export class TenantEntityResolver {
  constructor(private readonly service: TenantBillingService) {}

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @FieldResolver(() => TenantBilling, { description: 'Billing of the tenant (served by the billing service): plan, current period, running total, budget.' })
  billing(@Root() tenant: TenantEntity, @Ctx() ctx: RequestContext): Promise<TenantBilling> {
    return this.service.overview(requirePrincipal(ctx), tenant.id);
  }
}
