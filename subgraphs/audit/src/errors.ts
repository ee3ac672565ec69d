import { defineErrors } from '@dataplat/kit';

/**
 * The audit service's error codes (`DPF-AUD-*`): audit log, compliance reports, retention.
 * A new code takes the next number (of its range, where there are ranges), never a used one;
 * then `npm run docs:errors` regenerates docs/errors.md.
 */
export const AuditError = defineErrors('AUD', {
  EVENT_NOT_FOUND: {
    number: 1, status: 404, message: 'Audit event not found',
    when: 'An event id that is not an event of the acting tenant (or not a UUID)',
  },
  QUERY_INVALID: {
    number: 2, status: 400, message: 'Invalid audit query',
    when: '`startDate`/`endDate` not ISO 8601, start after end, an unknown `outcome`, a malformed export cursor (`details: {field}`)',
  },
  EXPORT_FORMAT_INVALID: {
    number: 3, status: 400, message: 'Unsupported export format: use csv or json',
    when: '`GET /audit/events/export?format=` anything but `csv` or `json`',
  },
  USER_NOT_FOUND: {
    number: 4, status: 404, message: 'No such user and no audit events of this user in the tenant',
    when: '`GET /audit/users/{userId}/events` for an id that is neither a user of the tenant nor the actor of any of its events',
  },
  RESOURCE_NOT_FOUND: {
    number: 5, status: 404, message: 'No audit events for this resource in the tenant',
    when: '`GET /audit/resources/{resourceType}/{resourceId}` with no recorded event',
  },
  COMPLIANCE_REPORT_NOT_FOUND: {
    number: 6, status: 404, message: 'Compliance report not found',
    when: 'A report id of another tenant, unknown or malformed',
  },
  COMPLIANCE_REPORT_INVALID: {
    number: 7, status: 400, message: 'Invalid compliance report request',
    when: 'Unknown `type`, a period that does not parse, ends before it starts or spans more than 366 days',
  },
  RETENTION_POLICY_NOT_FOUND: {
    number: 8, status: 404, message: 'Retention policy not found',
    when: 'A policy id of another tenant, unknown or malformed',
  },
  RETENTION_POLICY_INVALID: {
    number: 9, status: 400, message: 'Invalid retention policy',
    when: '`retentionDays` below 30 or above 3650',
  },
}, {
  title: 'audit service',
  source: 'subgraphs/audit/src/errors.ts',
  doc: 'audit-service.md',
});
