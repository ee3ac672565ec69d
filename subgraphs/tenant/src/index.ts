export { buildTenantSchema, buildTenantService, type TenantDeps } from './tenant';
export { startTenant, type TenantServerOptions } from './server';
export { TenantError } from './errors';
