import { Arg, Authorized, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import { SystemRole, USERS_LOCATE_SCOPE } from '@dataplat/kit';
import type { UserRepository } from './user.repository';

@ObjectType({ description: 'Where an account lives: its id and tenant.' })
export class UserLocation {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
}

/**
 * For platform services (scope users:locate): the accounts with an e-mail, at most two (two
 * means it is in several tenants). The audit service files a failed login under the tenant
 * of the attempted e-mail with it, instead of reading identity's tables.
 */
@Resolver()
export class UserLocationResolver {
  constructor(private readonly users: UserRepository) {}

  @Authorized(SystemRole.PLATFORM_ADMIN, USERS_LOCATE_SCOPE)
  @Query(() => [UserLocation], { description: 'Platform services: the accounts with this e-mail (at most two).' })
  async userLocations(@Arg('email') email: string): Promise<UserLocation[]> {
    return this.users.locateByEmail(email.trim().toLowerCase(), 2);
  }
}
