import { Arg, Args, Authorized, Ctx, ID, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { TenantListArgs } from './tenant.inputs';
import type { TenantService } from './tenant.service';
import { Tenant, TenantPage } from './tenant.type';

export const TENANTS_READ = 'tenants:read';

@Resolver(() => Tenant)
export class TenantResolver {
  constructor(private readonly service: TenantService) {}

  @Authorized(SystemRole.PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => TenantPage, { description: 'Every tenant (platform administrators).' })
  tenants(@Args() args: TenantListArgs): Promise<TenantPage> {
    return this.service.list(args);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, TENANTS_READ)
  @Query(() => Tenant, { description: 'One tenant: platform administrators any, a tenant administrator their own.' })
  tenant(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<Tenant> {
    return this.service.get(requirePrincipal(ctx), id);
  }
}
