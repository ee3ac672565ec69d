import type { IdentityCore, IdentityModule } from '../core';
import { PermissionRepository } from './permission.repository';
import { PermissionResolver } from './permission.resolver';
import { RoleResolver } from './role.resolver';
import { RoleService } from './role.service';

export function rolesModule(core: IdentityCore): IdentityModule {
  const service = new RoleService(core.roles, new PermissionRepository(core.db));
  return { resolvers: [new RoleResolver(core.roles, service), new PermissionResolver(service)] };
}
