import type { IdentityCore, IdentityModule } from '../core';
import { deviceLoginGate } from '../devices/devices.module';
import { AuthEventRepository } from './auth-event.repository';
import { AuthResolver } from './auth.resolver';
import { AuthService, loginPolicyFrom } from './auth.service';

/** The login service (also used by the external-idp module to complete federated sign-ins). */
export function authService(core: IdentityCore): AuthService {
  return new AuthService(core.users, core.sessions, core.tokens, loginPolicyFrom(core.config), core.issuedTokens, new AuthEventRepository(core.db), deviceLoginGate(core));
}

export function authModule(core: IdentityCore): IdentityModule {
  return { resolvers: [new AuthResolver(authService(core))] };
}
