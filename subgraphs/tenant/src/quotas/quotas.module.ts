import type { TenantCore, TenantModule } from '../core';
import { QuotaRepository } from './quota.repository';
import { QuotaResolver } from './quota.resolver';
import { QuotaService } from './quota.service';

/** quotas: resource quotas per tenant, usage recording and history (docs/tenant-quotas-alerts.md). */
export function quotasModule(core: TenantCore): TenantModule {
  return { resolvers: [new QuotaResolver(new QuotaService(new QuotaRepository(core.db), core.tenants))] };
}
