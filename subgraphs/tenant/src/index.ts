export { buildTenantSchema, buildTenantService, type TenantDeps } from './tenant';
export { startTenant, type TenantServerOptions } from './server';
export { tenantSubgraph } from './subgraph';
export { TenantError } from './errors';
