import { secretBoxFor } from '@dataplat/kit';
import type { TenantCore, TenantModule } from '../core';
import { NetworkRepository } from './network.repository';
import { NetworkResolver } from './network.resolver';
import { NetworkService } from './network.service';

/** network: DNS zone, ingress and TLS certificates of a tenant (docs/tenant-operations.md). */
export function networkModule(core: TenantCore): TenantModule {
  const service = new NetworkService(new NetworkRepository(core.db), core.tenants, secretBoxFor(core.config, 'tenant-certificates-v1'));
  return { resolvers: [new NetworkResolver(service)] };
}
