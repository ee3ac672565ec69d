import type { TenantCore, TenantModule } from '../core';
import { TenantService } from '../tenants/tenant.service';
import { ProvisioningResolver } from './provisioning.resolver';
import { ProvisioningService } from './provisioning.service';
import { ProvisioningSubscriptionResolver } from './provisioning.subscription';

/** provisioning: the tenant provisioning workflow and its job runner (docs/tenant-provisioning.md). */
export function provisioningModule(core: TenantCore): TenantModule {
  const tenants = new TenantService(core.tenants, core.identity, core.logger, core.provisioning);
  return { resolvers: [new ProvisioningResolver(new ProvisioningService(core.provisioningJobs, core.tenants, tenants, core.runner)), new ProvisioningSubscriptionResolver()] };
}
