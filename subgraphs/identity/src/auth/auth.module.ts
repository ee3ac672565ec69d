import type { IdentityCore, IdentityModule } from '../core';
import { deviceLoginGate } from '../devices/devices.module';
import { mfaLoginService } from '../mfa/mfa.wiring';
import { AuthEventRepository } from './auth-event.repository';
import { AuthResolver } from './auth.resolver';
import { AuthService, loginPolicyFrom } from './auth.service';
import { TenantDirectory } from './tenant-directory';

/** The login service (also used by the MFA module to complete challenged logins, and by external-idp for federated sign-ins). */
export function authService(core: IdentityCore): AuthService {
  return new AuthService(core.users, core.sessions, core.tokens, loginPolicyFrom(core.config), core.issuedTokens, new AuthEventRepository(core.db), deviceLoginGate(core), mfaLoginService(core), new TenantDirectory(core.tenantLookup));
}

export function authModule(core: IdentityCore): IdentityModule {
  return { resolvers: [new AuthResolver(authService(core))] };
}
