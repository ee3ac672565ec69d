import { FieldResolver, Resolver, Root } from 'type-graphql';
import { TenantRef } from './tenant-ref.type';
import { User } from './user.type';

/** `User.tenant`: the user's tenant as an entity reference, so one query spans identity and tenant. */
@Resolver(() => User)
export class UserTenantResolver {
  @FieldResolver(() => TenantRef, { nullable: true, description: "The user's tenant (null where the caller may not see it)." })
  tenant(@Root() user: User): TenantRef {
    return { id: user.tenantId };
  }
}
