import type { TenantCore, TenantModule } from '../core';
import { TenantDirectoryResolver } from './tenant-directory.resolver';
import { tenantReferenceResolver } from './tenant.reference';
import { TenantResolver } from './tenant.resolver';
import { TenantService } from './tenant.service';

/** tenants: the tenants of the platform and their lifecycle (spec 2, docs/tenant-lifecycle.md). */
export function tenantsModule(core: TenantCore): TenantModule {
  return {
    resolvers: [new TenantResolver(new TenantService(core.tenants, core.identity, core.logger, core.provisioning)), new TenantDirectoryResolver(core.tenants)],
    references: tenantReferenceResolver(core.tenants),
  };
}
