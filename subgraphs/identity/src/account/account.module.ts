import { AuthEventRepository } from '../auth/auth-event.repository';
import type { IdentityCore, IdentityModule } from '../core';
import { AccountRepository } from './account.repository';
import { AccountResolver } from './account.resolver';
import { AccountService } from './account.service';

export function accountModule(core: IdentityCore): IdentityModule {
  const service = new AccountService(new AccountRepository(core.db), core.roles, core.revocation, new AuthEventRepository(core.db), core.config);
  return { resolvers: [new AccountResolver(service)] };
}
