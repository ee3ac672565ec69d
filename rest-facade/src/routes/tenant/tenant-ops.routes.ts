import { body, defineRoutes, param } from '../../route-spec';

const BASE = '/api/v1/tenants/{tenantId}';
const TENANT = { tenantId: param('tenantId') };

/**
 * Settings, limits, DNS zone, ingress and certificates of a tenant (spec 2 "Endpoints of other
 * services"; docs/tenant-operations.md). Settings: Admin; limits, creates and deletes: Platform
 * admin; DNS and ingress reads: Admin.
 */
export const tenantOpsRoutes = defineRoutes([
  {
    method: 'GET', path: `${BASE}/settings`, tag: 'Tenant settings', summary: 'Limits, preferences and usage (Admin)',
    auth: 'bearer', operation: 'tenant/settings/tenant-settings', variables: TENANT, result: 'tenantSettings',
  },
  {
    method: 'PUT', path: `${BASE}/settings`, tag: 'Tenant settings', summary: 'Change preferences (Admin)',
    auth: 'bearer', operation: 'tenant/settings/update-tenant-settings', variables: { ...TENANT, input: body() }, result: 'updateTenantSettings',
  },
  {
    method: 'PUT', path: `${BASE}/limits`, tag: 'Tenant settings', summary: 'Set limits (Platform admin)',
    auth: 'bearer', operation: 'tenant/settings/set-tenant-limits', variables: { ...TENANT, input: body() }, result: 'setTenantLimits',
  },
  {
    method: 'POST', path: `${BASE}/dns/zone`, tag: 'DNS and ingress', summary: 'Create the DNS zone (Platform admin)',
    auth: 'bearer', operation: 'tenant/network/create-dns-zone', variables: { ...TENANT, input: body() }, result: 'createDnsZone', status: 201,
  },
  {
    method: 'GET', path: `${BASE}/dns/zone`, tag: 'DNS and ingress', summary: 'The DNS zone with its records (Admin)',
    auth: 'bearer', operation: 'tenant/network/dns-zone', variables: TENANT, result: 'dnsZone',
  },
  {
    method: 'DELETE', path: `${BASE}/dns/zone`, tag: 'DNS and ingress', summary: 'Delete the DNS zone (Platform admin)',
    auth: 'bearer', operation: 'tenant/network/delete-dns-zone', variables: TENANT, result: 'deleteDnsZone', status: 204,
  },
  {
    method: 'POST', path: `${BASE}/ingress`, tag: 'DNS and ingress', summary: 'Create or replace the ingress (Platform admin)',
    auth: 'bearer', operation: 'tenant/network/save-tenant-ingress', variables: { ...TENANT, input: body() }, result: 'saveTenantIngress',
  },
  {
    method: 'GET', path: `${BASE}/ingress`, tag: 'DNS and ingress', summary: 'The ingress with path rules and TLS (Admin)',
    auth: 'bearer', operation: 'tenant/network/tenant-ingress', variables: TENANT, result: 'tenantIngress',
  },
  {
    method: 'POST', path: `${BASE}/certificates`, tag: 'DNS and ingress', summary: 'Upload a TLS certificate or request a managed one (Platform admin)',
    auth: 'bearer', operation: 'tenant/network/add-tenant-certificate', variables: { ...TENANT, input: body() }, result: 'addTenantCertificate', status: 201,
  },
]);
