import DataLoader from 'dataloader';
import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type Page, requirePrincipal, requireTenant, SystemRole, type RequestContext } from '@dataplat/kit';
import type { PermissionRow } from './permission.repository';
import { CreateRoleInput, RoleListArgs, UpdateRoleInput } from './role.inputs';
import type { RoleRepository, RoleRow } from './role.repository';
import type { PermissionChange, RoleService } from './role.service';
import { Permission, Role, RolePage } from './role.type';

const ADMINS = [SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN];
const IDS = () => [Int];

@Resolver(() => Role)
export class RoleResolver {
  constructor(
    private readonly repo: RoleRepository,
    private readonly service: RoleService,
  ) {}

  @Authorized(...ADMINS, 'roles:read')
  @Query(() => [Role], { description: 'Every role visible in the current tenant, unpaginated.' })
  allRoles(@Ctx() ctx: RequestContext): Promise<RoleRow[]> {
    return this.repo.listVisible(requireTenant(ctx));
  }

  @Authorized(...ADMINS, 'roles:read')
  @Query(() => RolePage, { description: 'Roles visible in the current tenant, paginated: system roles first, then by name, unless sorted by name, createdAt or updatedAt.' })
  roles(@Args() args: RoleListArgs, @Ctx() ctx: RequestContext): Promise<Page<RoleRow>> {
    return this.service.list(requireTenant(ctx), args);
  }

  @Authorized(...ADMINS, 'roles:read')
  @Query(() => Role, { description: 'A system role or a role of the current tenant.' })
  role(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<RoleRow> {
    return this.service.get(requireTenant(ctx), id);
  }

  @Authorized(...ADMINS, 'roles:read')
  @Query(() => [Permission], { description: 'Permissions of one role, by name.' })
  async rolePermissions(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<PermissionRow[]> {
    const role = await this.service.get(requireTenant(ctx), id);
    return permissionLoader(ctx, this.repo).load(role.id);
  }

  @Authorized(...ADMINS, 'roles:write')
  @Mutation(() => Role, { description: 'Creates a custom role in the current tenant.' })
  createRole(@Arg('input') input: CreateRoleInput, @Ctx() ctx: RequestContext): Promise<RoleRow> {
    return this.service.create(requirePrincipal(ctx), requireTenant(ctx), input);
  }

  @Authorized(...ADMINS, 'roles:write')
  @Mutation(() => Role, { description: 'Renames or re-describes a role; system roles keep their name.' })
  updateRole(@Arg('id', () => Int) id: number, @Arg('input') input: UpdateRoleInput, @Ctx() ctx: RequestContext): Promise<RoleRow> {
    return this.service.update(requirePrincipal(ctx), requireTenant(ctx), id, input);
  }

  @Authorized(...ADMINS, 'roles:write')
  @Mutation(() => Role, { description: 'Replaces the permissions of a role.' })
  setRolePermissions(@Arg('id', () => Int) id: number, @Arg('permissionIds', IDS) permissionIds: number[], @Ctx() ctx: RequestContext): Promise<RoleRow> {
    return this.change(ctx, id, 'set', permissionIds);
  }

  @Authorized(...ADMINS, 'roles:write')
  @Mutation(() => Role, { description: 'Adds permissions to a role.' })
  addRolePermissions(@Arg('id', () => Int) id: number, @Arg('permissionIds', IDS) permissionIds: number[], @Ctx() ctx: RequestContext): Promise<RoleRow> {
    return this.change(ctx, id, 'add', permissionIds);
  }

  @Authorized(...ADMINS, 'roles:write')
  @Mutation(() => Role, { description: 'Removes permissions from a role.' })
  removeRolePermissions(@Arg('id', () => Int) id: number, @Arg('permissionIds', IDS) permissionIds: number[], @Ctx() ctx: RequestContext): Promise<RoleRow> {
    return this.change(ctx, id, 'remove', permissionIds);
  }

  @Authorized(...ADMINS, 'roles:delete')
  @Mutation(() => Boolean, { description: 'Deletes a custom role that no user holds.' })
  deleteRole(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.delete(requireTenant(ctx), id);
  }

  @FieldResolver(() => [Permission])
  permissions(@Root() role: RoleRow, @Ctx() ctx: RequestContext): Promise<PermissionRow[]> {
    return permissionLoader(ctx, this.repo).load(role.id);
  }

  @FieldResolver(() => Int)
  userCount(@Root() role: RoleRow, @Ctx() ctx: RequestContext): Promise<number> {
    const tenantId = requireTenant(ctx);
    return ctx.loaders.get(`role.userCount:${tenantId}`, () => new DataLoader((ids: readonly number[]) => this.repo.userCounts(tenantId, ids))).load(role.id);
  }

  private async change(ctx: RequestContext, id: number, mode: PermissionChange, permissionIds: number[]): Promise<RoleRow> {
    const role = await this.service.changePermissions(requirePrincipal(ctx), requireTenant(ctx), id, mode, permissionIds);
    permissionLoader(ctx, this.repo).clear(role.id);
    return role;
  }
}

/** Permissions of many roles in one statement per request. */
function permissionLoader(ctx: RequestContext, roles: RoleRepository): DataLoader<number, PermissionRow[]> {
  return ctx.loaders.get('role.permissions', () => new DataLoader((ids: readonly number[]) => roles.permissionsOf(ids)));
}
