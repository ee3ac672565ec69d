import { definePermissions, TENANT_DIRECTORY_SCOPE } from '@dataplat/kit';

/** Every permission the tenant subgraph checks; seeded by identity (docs/identity-users-roles.md). */
export const TENANTS_READ = 'tenants:read';
export const TENANTS_WRITE = 'tenants:write';
export const ALERTS_READ = 'alerts:read';
export const ALERTS_WRITE = 'alerts:write';
export const CONNECTORS_READ = 'connectors:read';
export const CONNECTORS_WRITE = 'connectors:write';
export const COSTS_READ = 'costs:read';
export const COSTS_ADMIN = 'costs:admin';
export const MIGRATIONS_READ = 'migrations:read';
export const MIGRATIONS_WRITE = 'migrations:write';
export const NETWORK_READ = 'network:read';
export const NETWORK_WRITE = 'network:write';
export const QUOTAS_READ = 'quotas:read';
export const QUOTAS_WRITE = 'quotas:write';
export const RELEASES_READ = 'releases:read';
export const RELEASES_WRITE = 'releases:write';
export const SETTINGS_READ = 'settings:read';
export const SETTINGS_WRITE = 'settings:write';

export const TENANT_PERMISSIONS = definePermissions('tenant', [
  { name: TENANTS_READ, description: 'Read the tenant, its provisioning and its billing views' },
  { name: TENANTS_WRITE, description: 'Change the tenant; create, suspend and delete tenants (platform administrators)' },
  { name: TENANT_DIRECTORY_SCOPE, description: 'Service tokens: look tenants up by id or slug', adminDefault: false },
  { name: ALERTS_READ, description: 'Read alert rules and alerts' },
  { name: ALERTS_WRITE, description: 'Create and change alert rules; acknowledge, resolve and suppress alerts' },
  { name: CONNECTORS_READ, description: 'Read data connectors' },
  { name: CONNECTORS_WRITE, description: 'Create, change, test, sync and delete data connectors' },
  { name: COSTS_READ, description: 'Read the tenant cost breakdown, trend and history' },
  { name: COSTS_ADMIN, description: 'Cost feeds and attribution across tenants (platform administrators)' },
  { name: MIGRATIONS_READ, description: 'Read tenant migrations' },
  { name: MIGRATIONS_WRITE, description: 'Create, start, roll back and cancel tenant migrations' },
  { name: NETWORK_READ, description: 'Read DNS, ingress and certificates' },
  { name: NETWORK_WRITE, description: 'Change DNS, ingress and certificates (platform administrators)' },
  { name: QUOTAS_READ, description: 'Read quotas and usage' },
  { name: QUOTAS_WRITE, description: 'Change quotas and record their usage' },
  { name: RELEASES_READ, description: 'Read chart releases' },
  { name: RELEASES_WRITE, description: 'Install, upgrade, roll back and uninstall chart releases' },
  { name: SETTINGS_READ, description: 'Read tenant settings' },
  { name: SETTINGS_WRITE, description: 'Change tenant settings and limits' },
]);
