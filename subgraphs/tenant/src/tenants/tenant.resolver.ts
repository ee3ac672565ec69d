import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { ProvisionTenantInput, SuspendTenantInput, TenantListArgs, UpdateTenantInput } from './tenant.inputs';
import type { TenantService } from './tenant.service';
import { ProvisionedTenant, Tenant, TenantHealth, TenantPage, TenantStatusReport } from './tenant.type';
import { TENANTS_READ, TENANTS_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/**
 * Tenant endpoints of spec 2 ("Endpoints of other services"): Platform Admin lists,
 * provisions, activates, suspends and deprovisions; a tenant's Admin reads and updates it.
 */
@Resolver(() => Tenant)
export class TenantResolver {
  constructor(private readonly service: TenantService) {}

  @Authorized(PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => TenantPage, { description: 'Every tenant (platform administrators), most recent first.' })
  tenants(@Args() args: TenantListArgs): Promise<TenantPage> {
    return this.service.list(args);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => Tenant, { description: 'One tenant: platform administrators any, a tenant administrator their own.' })
  tenant(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<Tenant> {
    return this.service.get(requirePrincipal(ctx), id);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => TenantStatusReport, { description: 'Lifecycle status, allowed actions and status history.' })
  tenantStatus(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<TenantStatusReport> {
    return this.service.status(requirePrincipal(ctx), id);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => TenantHealth, { description: 'Health checks of a tenant, run now.' })
  tenantHealth(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<TenantHealth> {
    return this.service.health(requirePrincipal(ctx), id);
  }

  @Authorized(PLATFORM_ADMIN, TENANTS_WRITE)
  @Mutation(() => ProvisionedTenant, { description: 'Provisions a tenant and its first administrator (temporary password returned once).' })
  provisionTenant(@Arg('input') input: ProvisionTenantInput, @Ctx() ctx: RequestContext): Promise<ProvisionedTenant> {
    return this.service.provision(requirePrincipal(ctx), input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, TENANTS_WRITE)
  @Mutation(() => Tenant, { description: 'Changes name, region, settings; plan and tier (platform administrators only).' })
  updateTenant(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateTenantInput, @Ctx() ctx: RequestContext): Promise<Tenant> {
    return this.service.update(requirePrincipal(ctx), id, input);
  }

  @Authorized(PLATFORM_ADMIN, TENANTS_WRITE)
  @Mutation(() => Tenant, { description: 'ACTIVE to SUSPENDED: the tenant\'s users can no longer log in or call APIs.' })
  suspendTenant(@Arg('id', () => ID) id: string, @Arg('input', () => SuspendTenantInput, { nullable: true }) input: SuspendTenantInput | undefined, @Ctx() ctx: RequestContext): Promise<Tenant> {
    return this.service.suspend(requirePrincipal(ctx), id, input?.reason);
  }

  @Authorized(PLATFORM_ADMIN, TENANTS_WRITE)
  @Mutation(() => Tenant, { description: 'SUSPENDED to ACTIVE.' })
  activateTenant(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<Tenant> {
    return this.service.activate(requirePrincipal(ctx), id);
  }

  @Authorized(PLATFORM_ADMIN, TENANTS_WRITE)
  @Mutation(() => Tenant, { description: 'Deprovisions a tenant (ACTIVE, SUSPENDED or FAILED): DEPROVISIONING, then DEPROVISIONED.' })
  deprovisionTenant(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<Tenant> {
    return this.service.deprovision(requirePrincipal(ctx), id);
  }
}
