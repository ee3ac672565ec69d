import type { IdentityCore, IdentityModule } from '../core';
import { deviceLoginGate } from '../devices/devices.module';
import { AuthEventRepository } from './auth-event.repository';
import { AuthResolver } from './auth.resolver';
import { AuthService, loginPolicyFrom } from './auth.service';
import { TenantDirectory } from './tenant-directory';

export function authModule(core: IdentityCore): IdentityModule {
  return { resolvers: [new AuthResolver(new AuthService(core.users, core.sessions, core.tokens, loginPolicyFrom(core.config), core.issuedTokens, new AuthEventRepository(core.db), deviceLoginGate(core), new TenantDirectory(core.db)))] };
}
