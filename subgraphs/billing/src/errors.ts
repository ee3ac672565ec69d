import { defineErrors } from '@dataplat/kit';

/**
 * The billing service's error codes (`DPF-BIL-*`): usage, metering, invoices, plans, budgets.
 * A new code takes the next number (of its range, where there are ranges), never a used one;
 * then `npm run docs:errors` regenerates docs/errors.md.
 */
export const BillingError = defineErrors('BIL', {
  TENANT_NOT_FOUND: {
    number: 1, status: 404, message: 'Tenant not found',
    when: "A tenant id that is malformed, unknown to the tenant service, or (for a tenant administrator) not the caller's own tenant ([billing-service.md](billing-service.md))",
  },
  PLAN_NOT_FOUND: {
    number: 2, status: 404, message: 'Billing plan not found',
    when: '`GET /billing/plans/{id}` with an id that is not a plan, or a tenant whose plan has no billing plan',
  },
  INVOICE_NOT_FOUND: {
    number: 3, status: 404, message: 'Invoice not found',
    when: "An invoice id that does not exist, is malformed, or belongs to another tenant than the caller's",
  },
  INVOICE_NOT_DRAFT: {
    number: 4, status: 409, message: 'Only a DRAFT invoice can be finalized',
    when: '`POST /billing/invoices/{id}/finalize` on an invoice that is already `FINALIZED` (finalized invoices are immutable)',
  },
  BUDGET_NOT_FOUND: {
    number: 5, status: 404, message: 'No budget is set for this tenant',
    when: '`GET /billing/budgets/{tenantId}` before any `PUT`',
  },
  BUDGET_INVALID: {
    number: 6, status: 400, message: 'Invalid budget',
    when: "Amount not a non-negative integer of minor units, currency other than the plan's, thresholds not distinct integers between 1 and 1000 (`details: {field, reason}`)",
  },
  METER_UNKNOWN: {
    number: 7, status: 400, message: 'Unknown meter',
    when: 'A metering event whose `meter` is not one of the metered dimensions (`api_calls`, `storage_gb_hours`, `compute_core_hours`, `ingested_events`, `query_bytes_scanned`)',
  },
  QUANTITY_INVALID: {
    number: 8, status: 400, message: 'Invalid quantity',
    when: 'A quantity that is negative, not a decimal number, or has more than 6 decimal places or 15 integer digits (18 for stored aggregates)',
  },
  PERIOD_INVALID: {
    number: 9, status: 400, message: 'Invalid billing period',
    when: 'A `period` that is not a calendar month `YYYY-MM` (UTC), or an invoice generation for a month that has not ended',
  },
  EVENT_INVALID: {
    number: 10, status: 400, message: 'Invalid metering event',
    when: 'An empty or over-long `eventId` or `source`, a `timestamp` that is not ISO 8601 or lies more than 5 minutes in the future, `dimensions` that are not a flat object of strings (`details: {field, reason}`)',
  },
  TENANT_SERVICE_UNAVAILABLE: {
    number: 11, status: 503, message: 'The tenant service could not be reached',
    when: "The billing service reads a tenant's plan through the graph; the tenant subgraph did not answer",
  },
  INVALID_FILTER: {
    number: 12, status: 400, message: 'Invalid invoice filter',
    when: '`status` other than `DRAFT` or `FINALIZED`, or a malformed `tenantId` filter',
  },
}, {
  title: 'billing service',
  source: 'subgraphs/billing/src/errors.ts',
  doc: 'billing-service.md',
  notes:
    '001-019 are reserved for billing.',
});
