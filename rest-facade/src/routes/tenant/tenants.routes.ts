import { body, defineRoutes, param, query } from '../../route-spec';

const TENANT = { id: param('id') };

/**
 * Tenants (spec 2 "Endpoints of other services", tenant service): Platform Admin lists,
 * provisions, activates, suspends and deprovisions; a tenant's Admin reads and updates it
 * and reads its status and health (docs/tenant-lifecycle.md).
 */
export const tenantRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/tenants', tag: 'Tenants', summary: 'Tenants, paginated, most recent first (Platform admin)',
    auth: 'bearer', operation: 'tenant/tenants/tenants', variables: { page: query('page'), size: query('size'), status: query('status'), plan: query('plan') }, result: 'tenants',
  },
  {
    method: 'POST', path: '/api/v1/tenants', tag: 'Tenants', summary: 'Provision a tenant and its first administrator (Platform admin; temporary password returned once)',
    auth: 'bearer', operation: 'tenant/tenants/provision-tenant', variables: { input: body() }, result: 'provisionTenant', secretFields: ['adminTemporaryPassword'], status: 201,
  },
  {
    method: 'GET', path: '/api/v1/tenants/{id}', tag: 'Tenants', summary: 'One tenant (Tenant admin: their own; Platform admin: any)',
    auth: 'bearer', operation: 'tenant/tenants/tenant', variables: TENANT, result: 'tenant',
  },
  {
    method: 'PUT', path: '/api/v1/tenants/{id}', tag: 'Tenants', summary: 'Update a tenant (Tenant admin; plan and tier: Platform admin)',
    auth: 'bearer', operation: 'tenant/tenants/update-tenant', variables: { ...TENANT, input: body() }, result: 'updateTenant',
  },
  {
    method: 'DELETE', path: '/api/v1/tenants/{id}', tag: 'Tenants', summary: 'Deprovision a tenant (Platform admin)',
    auth: 'bearer', operation: 'tenant/tenants/deprovision-tenant', variables: TENANT, result: 'deprovisionTenant',
  },
  {
    method: 'POST', path: '/api/v1/tenants/{id}/activate', tag: 'Tenants', summary: 'Activate a suspended tenant (Platform admin)',
    auth: 'bearer', operation: 'tenant/tenants/activate-tenant', variables: TENANT, result: 'activateTenant',
  },
  {
    method: 'POST', path: '/api/v1/tenants/{id}/suspend', tag: 'Tenants', summary: 'Suspend a tenant: its users can no longer log in or call APIs (Platform admin)',
    auth: 'bearer', operation: 'tenant/tenants/suspend-tenant', variables: { ...TENANT, input: body() }, result: 'suspendTenant',
  },
  {
    method: 'GET', path: '/api/v1/tenants/{id}/status', tag: 'Tenants', summary: 'Lifecycle status, allowed actions and history (Admin)',
    auth: 'bearer', operation: 'tenant/tenants/tenant-status', variables: TENANT, result: 'tenantStatus',
  },
  {
    method: 'GET', path: '/api/v1/tenants/{id}/health', tag: 'Tenants', summary: 'Health checks of a tenant (Admin)',
    auth: 'bearer', operation: 'tenant/tenants/tenant-health', variables: TENANT, result: 'tenantHealth',
  },
]);
