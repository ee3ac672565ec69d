import { Authorized, Query, Resolver } from 'type-graphql';
import type { PermissionRow } from './permission.repository';
import type { RoleService } from './role.service';
import { Permission } from './role.type';

@Resolver(() => Permission)
export class PermissionResolver {
  constructor(private readonly service: RoleService) {}

  @Authorized('permissions:read')
  @Query(() => [Permission], { description: 'The whole permission catalogue, by name (any authenticated caller).' })
  permissions(): Promise<PermissionRow[]> {
    return this.service.allPermissions();
  }
}
