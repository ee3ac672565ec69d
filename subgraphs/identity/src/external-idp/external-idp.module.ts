import { secretBoxFor } from '@dataplat/kit';
import { AuthEventRepository } from '../auth/auth-event.repository';
import { authService } from '../auth/auth.module';
import type { IdentityCore, IdentityModule } from '../core';
import { ExternalIdpResolver } from './external-idp.resolver';
import { ExternalLoginService } from './external-login.service';
import { ExternalLoginRepository } from './login-state.repository';
import { OidcService } from './oidc.service';
import { ProviderRepository } from './provider.repository';
import { ProviderService } from './provider.service';
import { SamlService } from './saml.service';
import { SpEndpoints } from './sp-endpoints';

/** External identity providers: admin CRUD, OIDC relying party, SAML service provider. */
export function externalIdpModule(core: IdentityCore): IdentityModule {
  const box = secretBoxFor(core.config, 'external-idp-v1');
  const sp = new SpEndpoints(core.config.PUBLIC_URL);
  const providers = new ProviderRepository(core.db);
  const pending = new ExternalLoginRepository(core.db);
  const admin = new ProviderService(providers, core.roles, box, sp, core.config.NODE_ENV !== 'production');
  const login = new ExternalLoginService(core.db, pending, core.users, core.roles, authService(core), new AuthEventRepository(core.db));
  const oidc = new OidcService(admin, pending, login, box, sp);
  const saml = new SamlService(core.db, providers, pending, login, sp);
  return { resolvers: [new ExternalIdpResolver(admin, oidc, saml)] };
}
