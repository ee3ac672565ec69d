import type { TenantCore } from './core';
import { NetworkRepository } from './network/network.repository';

/**
 * What deprovisioning releases (docs/tenant-operations.md "Deprovisioning"): the tenant's
 * connectors (their sealed secrets and jobs go with them) and its network: DNS and ingress
 * records, DNS zone, ingress routes and certificates (sealed keys). Idempotent.
 */
export function tenantReleaser(core: Pick<TenantCore, 'db' | 'connectorJobs'>): (tenantId: string) => Promise<void> {
  const network = new NetworkRepository(core.db);
  return async (tenantId) => {
    await core.connectorJobs.repo.deleteAll(tenantId);
    await network.releaseAll(tenantId);
  };
}
