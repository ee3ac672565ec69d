import { defineRoutes, param, query } from '../../route-spec';

const BASE = '/api/v1/tenants/{id}/billing';
const TENANT = { tenantId: param('id') };

/**
 * The tenant service's billing views (spec 2 "Tenant billing and settings"), served by the
 * billing subgraph so that billing stays the one source of truth (docs/billing-service.md).
 */
export const tenantBillingRoutes = defineRoutes([
  {
    method: 'GET', path: BASE, tag: 'Tenant billing', summary: 'Plan, current period, running total and budget status (Admin)',
    auth: 'bearer', operation: 'billing/tenant-billing', variables: TENANT, result: 'tenantBilling',
  },
  {
    method: 'GET', path: `${BASE}/usage`, tag: 'Tenant billing', summary: 'Usage per meter in a period (Admin)',
    auth: 'bearer', operation: 'billing/tenant-billing-usage-view', variables: { ...TENANT, period: query('period') }, result: 'tenantBillingUsage',
  },
  {
    method: 'GET', path: `${BASE}/invoices`, tag: 'Tenant billing', summary: 'The tenant\'s invoices, paginated (Admin)',
    auth: 'bearer', operation: 'billing/tenant-invoices', variables: { ...TENANT, period: query('period'), status: query('status'), page: query('page'), size: query('size') }, result: 'tenantInvoices',
  },
  {
    method: 'GET', path: `${BASE}/invoices/{invoiceId}`, tag: 'Tenant billing', summary: 'One invoice of the tenant (Admin)',
    auth: 'bearer', operation: 'billing/tenant-invoice', variables: { ...TENANT, invoiceId: param('invoiceId') }, result: 'tenantInvoice',
  },
]);
