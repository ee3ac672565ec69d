import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, requireTenant, SystemRole, type RequestContext } from '@dataplat/kit';
import { CreateUserInput, UserListArgs } from './user.inputs';
import type { UserService } from './user.service';
import { User, UserPage } from './user.type';

const ADMINS = [SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN];

@Resolver(() => User)
export class UserResolver {
  constructor(private readonly service: UserService) {}

  @Authorized()
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

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => User, { description: 'Creates a user in the current tenant.' })
  createUser(@Arg('input') input: CreateUserInput, @Ctx() ctx: RequestContext): Promise<User> {
    return this.service.create(requirePrincipal(ctx), requireTenant(ctx), input);
  }
}
