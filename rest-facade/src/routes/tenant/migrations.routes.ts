import { body, defineRoutes, param, query } from '../../route-spec';

const BASE = '/api/v1/tenants/{tenantId}/migrations';
const TENANT = { tenantId: param('tenantId') };
const MIGRATION = { ...TENANT, migrationId: param('migrationId') };

/**
 * Migrations (spec 2 "Endpoints / Migrations"): the tenant's Admin or Platform admin; approval
 * and the platform-wide statistics by Platform admin only (docs/tenant-migrations.md).
 */
export const migrationRoutes = defineRoutes([
  {
    method: 'GET', path: BASE, tag: 'Migrations', summary: 'Migrations of the tenant, paginated, most recent first (Admin)',
    auth: 'bearer', operation: 'tenant/migrations/tenant-migrations', variables: { ...TENANT, status: query('status'), page: query('page'), size: query('size') }, result: 'tenantMigrations',
  },
  {
    method: 'GET', path: `${BASE}/active`, tag: 'Migrations', summary: 'The active migration; 404 when none (Admin)',
    auth: 'bearer', operation: 'tenant/migrations/active-tenant-migration', variables: TENANT, result: 'activeTenantMigration',
  },
  {
    method: 'GET', path: `${BASE}/estimate`, tag: 'Migrations', summary: 'Estimated duration, transfer size, downtime window and resources of a move to targetRegion (Admin)',
    auth: 'bearer', operation: 'tenant/migrations/tenant-migration-estimate', variables: { ...TENANT, targetRegion: query('targetRegion') }, result: 'tenantMigrationEstimate',
  },
  {
    method: 'GET', path: `${BASE}/regions`, tag: 'Migrations', summary: 'Available regions (Admin)',
    auth: 'bearer', operation: 'tenant/migrations/tenant-migration-regions', variables: TENANT, result: 'tenantMigrationRegions',
  },
  {
    method: 'POST', path: BASE, tag: 'Migrations', summary: 'Create a migration; 400 invalid, 409 when the tenant has an active one (Admin)',
    auth: 'bearer', operation: 'tenant/migrations/create-tenant-migration', variables: { ...TENANT, input: body() }, result: 'createTenantMigration', status: 201,
  },
  {
    method: 'GET', path: `${BASE}/{migrationId}`, tag: 'Migrations', summary: 'One migration with its steps (Admin)',
    auth: 'bearer', operation: 'tenant/migrations/tenant-migration', variables: MIGRATION, result: 'tenantMigration',
  },
  {
    method: 'POST', path: `${BASE}/{migrationId}/approve`, tag: 'Migrations', summary: 'PENDING to APPROVED (Platform admin)',
    auth: 'bearer', operation: 'tenant/migrations/approve-tenant-migration', variables: MIGRATION, result: 'approveTenantMigration',
  },
  {
    method: 'POST', path: `${BASE}/{migrationId}/start`, tag: 'Migrations', summary: 'APPROVED to IN_PROGRESS; the job runner executes it (Admin)',
    auth: 'bearer', operation: 'tenant/migrations/start-tenant-migration', variables: MIGRATION, result: 'startTenantMigration', status: 202,
  },
  {
    method: 'POST', path: `${BASE}/{migrationId}/rollback`, tag: 'Migrations', summary: 'COMPLETED (or FAILED with rollbackEnabled) to ROLLING_BACK, then ROLLED_BACK (Admin)',
    auth: 'bearer', operation: 'tenant/migrations/rollback-tenant-migration', variables: MIGRATION, result: 'rollbackTenantMigration', status: 202,
  },
  {
    method: 'POST', path: `${BASE}/{migrationId}/cancel`, tag: 'Migrations', summary: 'PENDING or APPROVED to CANCELLED (Admin)',
    auth: 'bearer', operation: 'tenant/migrations/cancel-tenant-migration', variables: MIGRATION, result: 'cancelTenantMigration',
  },
  {
    method: 'GET', path: '/api/v1/admin/migrations/stats', tag: 'Migrations', summary: 'Platform-wide: total, by status, success rate, average duration, active count (Platform admin)',
    auth: 'bearer', operation: 'tenant/migrations/tenant-migration-stats', result: 'tenantMigrationStats',
  },
]);
