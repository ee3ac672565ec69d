import { quotaUsagePresenter } from '../../presenters/quota-usage';
import { body, defineRoutes, param, query } from '../../route-spec';

const BASE = '/api/v1/tenants/{tenantId}/quotas';
const TENANT = { tenantId: param('tenantId') };
const RESOURCE = { ...TENANT, resourceType: param('resourceType') };

/**
 * Quotas (spec 2 "Endpoints / Quotas"): limits set by Platform admin; reads, checks and usage
 * records by the tenant's Admin (docs/tenant-quotas-alerts.md).
 */
export const quotaRoutes = defineRoutes([
  {
    method: 'POST', path: `${BASE}/defaults`, tag: 'Quotas', summary: 'Create the default quotas of the tenant\'s tier (Platform admin)',
    auth: 'bearer', operation: 'tenant/quotas/apply-default-quotas', variables: TENANT, result: 'applyDefaultQuotas', status: 201,
  },
  {
    method: 'POST', path: BASE, tag: 'Quotas', summary: 'Create or update the quota of a resource type (Platform admin)',
    auth: 'bearer', operation: 'tenant/quotas/upsert-quota', variables: { ...TENANT, input: body() }, result: 'upsertQuota',
  },
  {
    method: 'GET', path: BASE, tag: 'Quotas', summary: 'All quotas of the tenant (Admin)',
    auth: 'bearer', operation: 'tenant/quotas/quotas', variables: TENANT, result: 'quotas',
  },
  {
    method: 'GET', path: `${BASE}/summary`, tag: 'Quotas', summary: 'All quotas with usage and utilization (Admin)',
    auth: 'bearer', operation: 'tenant/quotas/quota-summary', variables: TENANT, result: 'quotaSummary',
  },
  {
    method: 'POST', path: `${BASE}/usage`, tag: 'Quotas', summary: 'Record usage; 403 with accepted false when the hard quota is exceeded (Admin)',
    auth: 'bearer', operation: 'tenant/quotas/record-quota-usage', variables: { ...TENANT, input: body() }, result: 'recordQuotaUsage', presenter: quotaUsagePresenter,
  },
  {
    method: 'GET', path: `${BASE}/{resourceType}`, tag: 'Quotas', summary: 'The quota of one resource type (Admin)',
    auth: 'bearer', operation: 'tenant/quotas/quota', variables: RESOURCE, result: 'quota',
  },
  {
    method: 'GET', path: `${BASE}/{resourceType}/check`, tag: 'Quotas', summary: 'Whether an amount is available now (Admin)',
    auth: 'bearer', operation: 'tenant/quotas/check-quota', variables: { ...RESOURCE, amount: query('amount') }, result: 'checkQuota',
  },
  {
    method: 'GET', path: `${BASE}/{resourceType}/usage/history`, tag: 'Quotas', summary: 'Usage records (default: last 7 days), most recent first (Admin)',
    auth: 'bearer', operation: 'tenant/quotas/quota-usage-history', variables: { ...RESOURCE, start: query('start'), end: query('end') }, result: 'quotaUsageHistory',
  },
  {
    method: 'GET', path: `${BASE}/{resourceType}/usage/trend`, tag: 'Quotas', summary: 'Usage per hour, day or week (default: day over the last 30 days) (Admin)',
    auth: 'bearer', operation: 'tenant/quotas/quota-usage-trend', variables: { ...RESOURCE, start: query('start'), end: query('end'), interval: query('interval') }, result: 'quotaUsageTrend',
  },
]);
