import { Arg, Args, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { ALLOW_DURING_PASSWORD_CHANGE, requirePrincipal, requireTenant, SystemRole, type RequestContext } from '@dataplat/kit';
import type { RoleRow } from '../roles/role.repository';
import { Role } from '../roles/role.type';
import type { UserAdminService } from './user-admin.service';
import type { UserRoleService } from './user-roles.service';
import { ChangeMyPasswordInput, CreateUserInput, UpdateProfileInput, UpdateUserInput, UserListArgs } from './user.inputs';
import type { UserService } from './user.service';
import { TemporaryPasswordResult, User, UserPage } from './user.type';

const ADMINS = [SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN];
const ROLE_IDS = () => [Int];

@Resolver(() => User)
export class UserResolver {
  constructor(
    private readonly service: UserService,
    private readonly admin: UserAdminService,
    private readonly roles: UserRoleService,
  ) {}

  @Authorized(ALLOW_DURING_PASSWORD_CHANGE, 'profile:read')
  @Query(() => User, { description: 'The caller.' })
  me(@Ctx() ctx: RequestContext): Promise<User> {
    return this.service.me(requirePrincipal(ctx));
  }

  @Authorized(...ADMINS, 'users:read')
  @Query(() => UserPage, { description: 'Users of the current tenant, paginated.' })
  users(@Args() args: UserListArgs, @Ctx() ctx: RequestContext): Promise<UserPage> {
    return this.service.list(requireTenant(ctx), args);
  }

  @Authorized(...ADMINS, 'users:read')
  @Query(() => User)
  user(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<User> {
    return this.service.get(requireTenant(ctx), id);
  }

  @Authorized(...ADMINS, 'users:read')
  @Query(() => [Role], { description: 'Roles a user of the current tenant holds.' })
  userRoles(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<RoleRow[]> {
    return this.roles.rolesOf(requireTenant(ctx), id);
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => User, { description: 'Creates a user in the current tenant.' })
  createUser(@Arg('input') input: CreateUserInput, @Ctx() ctx: RequestContext): Promise<User> {
    return this.service.create(requirePrincipal(ctx), requireTenant(ctx), input);
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => User, { description: 'Changes names and e-mail of a user.' })
  updateUser(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateUserInput, @Ctx() ctx: RequestContext): Promise<User> {
    return this.service.update(requirePrincipal(ctx), requireTenant(ctx), id, input);
  }

  @Authorized('profile:write')
  @Mutation(() => User, { description: "Changes the caller's own names." })
  updateMe(@Arg('input') input: UpdateProfileInput, @Ctx() ctx: RequestContext): Promise<User> {
    return this.service.updateMe(requirePrincipal(ctx), input);
  }

  @Authorized(ALLOW_DURING_PASSWORD_CHANGE, 'profile:write')
  @Mutation(() => Boolean, { description: "Changes the caller's own password; ends the caller's other sessions. Refresh afterwards for a token without pwd_change_required." })
  changeMyPassword(@Arg('input') input: ChangeMyPasswordInput, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.admin.changeMyPassword(requirePrincipal(ctx), input, ctx.client);
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => TemporaryPasswordResult, { description: 'Sets a temporary password (returned once) that the user must change at next login.' })
  resetUserPassword(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<TemporaryPasswordResult> {
    return this.admin.resetPassword(requirePrincipal(ctx), requireTenant(ctx), id);
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => User)
  enableUser(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<User> {
    return this.admin.enable(requirePrincipal(ctx), requireTenant(ctx), id);
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => User, { description: 'Blocks login and revokes every session and access token of the user.' })
  disableUser(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<User> {
    return this.admin.disable(requirePrincipal(ctx), requireTenant(ctx), id);
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => User, { description: 'Clears the failed-login lock.' })
  unlockUser(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<User> {
    return this.admin.unlock(requirePrincipal(ctx), requireTenant(ctx), id);
  }

  @Authorized(...ADMINS, 'users:delete')
  @Mutation(() => Boolean, { description: 'Deletes a user and everything that belongs to it.' })
  deleteUser(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.admin.delete(requirePrincipal(ctx), requireTenant(ctx), id);
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => User, { description: 'Replaces every role of a user.' })
  setUserRoles(@Arg('id', () => ID) id: string, @Arg('roleIds', ROLE_IDS) roleIds: number[], @Ctx() ctx: RequestContext): Promise<User> {
    return this.roles.set(requirePrincipal(ctx), requireTenant(ctx), id, roleIds);
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => User, { description: 'Grants roles to a user.' })
  addUserRoles(@Arg('id', () => ID) id: string, @Arg('roleIds', ROLE_IDS) roleIds: number[], @Ctx() ctx: RequestContext): Promise<User> {
    return this.roles.add(requirePrincipal(ctx), requireTenant(ctx), id, roleIds);
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => User, { description: 'Takes one role from a user.' })
  removeUserRole(@Arg('id', () => ID) id: string, @Arg('roleId', () => Int) roleId: number, @Ctx() ctx: RequestContext): Promise<User> {
    return this.roles.remove(requirePrincipal(ctx), requireTenant(ctx), id, roleId);
  }
}
