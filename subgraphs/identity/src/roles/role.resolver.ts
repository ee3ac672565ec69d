import DataLoader from 'dataloader';
import { Authorized, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { requireTenant, SystemRole, type RequestContext } from '@dataplat/kit';
import type { RoleRepository } from './role.repository';
import { Permission, Role } from './role.type';

/** Read side of roles (issue 3 adds the management operations). */
@Resolver(() => Role)
export class RoleResolver {
  constructor(private readonly roles: RoleRepository) {}

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, 'roles:read')
  @Query(() => [Role], { description: 'Every role visible in the current tenant, unpaginated.' })
  async allRoles(@Ctx() ctx: RequestContext): Promise<Omit<Role, 'permissions' | 'userCount'>[]> {
    return this.roles.listVisible(requireTenant(ctx));
  }

  @FieldResolver(() => [Permission])
  permissions(@Root() role: Role, @Ctx() ctx: RequestContext): Promise<Permission[]> {
    return ctx.loaders.get('role.permissions', () => new DataLoader((ids: readonly number[]) => this.roles.permissionsOf(ids))).load(role.id);
  }

  @FieldResolver(() => Int)
  userCount(@Root() role: Role, @Ctx() ctx: RequestContext): Promise<number> {
    const tenantId = requireTenant(ctx);
    return ctx.loaders.get(`role.userCount:${tenantId}`, () => new DataLoader((ids: readonly number[]) => this.roles.userCounts(tenantId, ids))).load(role.id);
  }
}
