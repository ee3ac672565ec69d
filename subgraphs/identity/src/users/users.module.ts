import { AuthEventRepository } from '../auth/auth-event.repository';
import { loginPolicyFrom } from '../auth/auth.service';
import type { IdentityCore, IdentityModule } from '../core';
import { UserAccessRevoker } from './user-access';
import { UserAdminRepository } from './user-admin.repository';
import { UserAdminService } from './user-admin.service';
import { UserRoleService } from './user-roles.service';
import { UserGuard } from './user.guards';
import { userReferenceResolver } from './user.reference';
import { UserLocationResolver } from './user-location.resolver';
import { UserTenantResolver } from './user-tenant.resolver';
import { UserResolver } from './user.resolver';
import { UserService } from './user.service';

export function usersModule(core: IdentityCore): IdentityModule {
  const admin = new UserAdminRepository(core.db);
  const guard = new UserGuard(core.users, core.roles);
  const revoker = new UserAccessRevoker(core.sessions, core.revocation);
  const resolver = new UserResolver(
    new UserService(core.users, core.roles, guard),
    new UserAdminService(core.users, admin, guard, revoker, new AuthEventRepository(core.db), loginPolicyFrom(core.config)),
    new UserRoleService(core.users, core.roles, admin, guard, revoker),
  );
  return { resolvers: [resolver, new UserTenantResolver(), new UserLocationResolver(core.users)], references: userReferenceResolver(core.users) };
}
