import { authService } from '../auth/auth.module';
import type { IdentityCore, IdentityModule } from '../core';
import { MfaAuthResolver } from './mfa-auth.resolver';
import { MfaPolicyResolver } from './mfa-policy.resolver';
import { MfaResolver } from './mfa.resolver';
import { MfaService } from './mfa.service';
import { mfaServices } from './mfa.wiring';

/** mfa: spec 1 "MFA management", "Second MFA endpoint set", the login challenge (issue 4). */
export function mfaModule(core: IdentityCore): IdentityModule {
  const services = mfaServices(core);
  const mfa = new MfaService(services, core.users, authService(core));
  return { resolvers: [new MfaResolver(mfa), new MfaAuthResolver(mfa), new MfaPolicyResolver(services.policy)] };
}
