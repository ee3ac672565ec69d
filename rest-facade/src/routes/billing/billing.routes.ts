import { body, defineRoutes, param, query } from '../../route-spec';

const BASE = '/api/v1/billing';
const PAGE = { page: query('page'), size: query('size') };
const PERIOD = { period: query('period') };
const TENANT = { tenantId: param('tenantId') };

/**
 * Billing service (spec 2 "Endpoints of other services"): usage, invoices, metering, budgets,
 * alerts and plans (docs/billing-service.md). Admin = the tenant's ADMIN or a platform admin.
 */
export const billingRoutes = defineRoutes([
  {
    method: 'GET', path: `${BASE}/usage`, tag: 'Billing', summary: 'Usage of every tenant in a period, with costs (Platform admin)',
    auth: 'bearer', operation: 'billing/billing-usage', variables: PERIOD, result: 'billingUsage',
  },
  {
    method: 'GET', path: `${BASE}/usage/tenants/{tenantId}`, tag: 'Billing', summary: 'A tenant\'s usage per meter in a period (Admin)',
    auth: 'bearer', operation: 'billing/tenant-billing-usage', variables: { ...TENANT, ...PERIOD }, result: 'tenantBillingUsage',
  },
  {
    method: 'GET', path: `${BASE}/usage/tenants/{tenantId}/breakdown`, tag: 'Billing', summary: 'A tenant\'s cost line by line in a period (Admin)',
    auth: 'bearer', operation: 'billing/tenant-billing-usage-breakdown', variables: { ...TENANT, ...PERIOD }, result: 'tenantBillingUsageBreakdown',
  },
  {
    method: 'GET', path: `${BASE}/invoices`, tag: 'Billing', summary: 'Every invoice, paginated; filters tenantId, period, status (Platform admin)',
    auth: 'bearer', operation: 'billing/invoices', variables: { tenantId: query('tenantId'), ...PERIOD, status: query('status'), ...PAGE }, result: 'invoices',
  },
  {
    method: 'GET', path: `${BASE}/invoices/{id}`, tag: 'Billing', summary: 'One invoice (Admin of its tenant)',
    auth: 'bearer', operation: 'billing/invoice', variables: { id: param('id') }, result: 'invoice',
  },
  {
    method: 'POST', path: `${BASE}/invoices/{id}/finalize`, tag: 'Billing', summary: 'Finalize a DRAFT invoice; 409 when already finalized (Platform admin)',
    auth: 'bearer', operation: 'billing/finalize-invoice', variables: { id: param('id') }, result: 'finalizeInvoice',
  },
  {
    method: 'GET', path: `${BASE}/metering/summary`, tag: 'Billing', summary: 'Metering of the acting tenant per meter in a period (Admin)',
    auth: 'bearer', operation: 'billing/metering-summary', variables: PERIOD, result: 'meteringSummary',
  },
  {
    method: 'POST', path: `${BASE}/metering/events`, tag: 'Billing', summary: 'Accept a metering event, idempotent on eventId (service token with metering:write, internal)',
    auth: 'service_token', operation: 'billing/record-metering-event', variables: { input: body() }, result: 'recordMeteringEvent', status: 202,
  },
  {
    method: 'GET', path: `${BASE}/budgets/{tenantId}`, tag: 'Billing', summary: 'A tenant\'s monthly budget and current spend (Admin)',
    auth: 'bearer', operation: 'billing/billing-budget', variables: TENANT, result: 'billingBudget',
  },
  {
    method: 'PUT', path: `${BASE}/budgets/{tenantId}`, tag: 'Billing', summary: 'Set a tenant\'s monthly budget and alert thresholds (Admin)',
    auth: 'bearer', operation: 'billing/set-billing-budget', variables: { ...TENANT, input: body() }, result: 'setBillingBudget',
  },
  {
    method: 'GET', path: `${BASE}/alerts`, tag: 'Billing', summary: 'Budget alerts of the acting tenant, paginated (Admin)',
    auth: 'bearer', operation: 'billing/billing-alerts', variables: { ...PERIOD, ...PAGE }, result: 'billingAlerts',
  },
  {
    method: 'GET', path: `${BASE}/plans`, tag: 'Billing', summary: 'Every billing plan (public)',
    auth: 'public', operation: 'billing/billing-plans', result: 'billingPlans',
  },
  {
    method: 'GET', path: `${BASE}/plans/{id}`, tag: 'Billing', summary: 'One billing plan (public)',
    auth: 'public', operation: 'billing/billing-plan', variables: { id: param('id') }, result: 'billingPlan',
  },
]);
