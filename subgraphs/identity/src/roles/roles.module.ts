import type { IdentityCore, IdentityModule } from '../core';
import { RoleResolver } from './role.resolver';

export function rolesModule(core: IdentityCore): IdentityModule {
  return { resolvers: [new RoleResolver(core.roles)] };
}
