import type { IdentityCore, IdentityModule } from '../core';
import { UserAccessRevoker } from '../users/user-access';
import { UserAdminRepository } from '../users/user-admin.repository';
import { ScimGroupRepository } from './scim-group.repository';
import { ScimTokenRepository } from './scim-token.repository';
import { ScimTokenResolver } from './scim-token.resolver';
import { ScimTokenService } from './scim-token.service';
import { ScimUserRepository } from './scim-user.repository';
import { ScimResolver } from './scim.resolver';
import { ScimService } from './scim.service';

/** scim: spec 1 "SCIM 2.0 provisioning" (docs/identity-scim.md) and the tenant's SCIM tokens. */
export function scimModule(core: IdentityCore): IdentityModule {
  const baseUrl = core.config.PUBLIC_URL.replace(/\/+$/, '');
  const revoker = new UserAccessRevoker(core.sessions, core.revocation);
  const scim = new ScimService(new ScimUserRepository(core.db, new UserAdminRepository(core.db)), new ScimGroupRepository(core.db), revoker, baseUrl);
  return { resolvers: [new ScimResolver(scim, baseUrl), new ScimTokenResolver(new ScimTokenService(new ScimTokenRepository(core.db)))] };
}
