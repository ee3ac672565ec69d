import { AuthEventRepository } from '../auth/auth-event.repository';
import type { IdentityCore, IdentityModule } from '../core';
import { ServiceClientRepository } from './service-client.repository';
import { ServiceClientResolver } from './service-client.resolver';
import { ServiceClientService } from './service-client.service';

/** service-clients: registration of internal callers and the service-token grant (spec 1 "Token types"). */
export function serviceClientsModule(core: IdentityCore): IdentityModule {
  return { resolvers: [new ServiceClientResolver(new ServiceClientService(new ServiceClientRepository(core.db), core.tokens, new AuthEventRepository(core.db)))] };
}
