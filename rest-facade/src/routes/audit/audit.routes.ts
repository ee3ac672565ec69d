import { body, defineRoutes, param, query, type Download } from '../../route-spec';

const BASE = '/api/v1/audit';
const TAG = 'Audit';
const PAGE = { page: query('page'), size: query('size') };
const FILTERS = {
  action: query('action'), startDate: query('startDate'), endDate: query('endDate'), userId: query('userId'),
  resourceType: query('resourceType'), resourceId: query('resourceId'), outcome: query('outcome'), category: query('category'),
};
const NARROW = { action: query('action'), startDate: query('startDate'), endDate: query('endDate'), outcome: query('outcome') };

/** The export: every page of auditEventExport, oldest first, as CSV (RFC 4180) or one JSON array. */
const EXPORT: Download = {
  filename: 'audit-events', formatField: 'format', items: 'events', nextCursor: 'nextCursor', cursorVariable: 'after',
  columns: [
    ['seq', 'seq'], ['id', 'id'], ['timestamp', 'timestamp'], ['actorKind', 'actorKind'], ['userId', 'userId'], ['actorTenantId', 'actorTenantId'],
    ['actorRoles', 'actorRoles'], ['action', 'action'], ['category', 'category'], ['resourceType', 'resourceType'], ['resourceId', 'resourceId'],
    ['outcome', 'outcome'], ['errorCode', 'errorCode'], ['requestId', 'requestId'], ['ipAddress', 'ipAddress'], ['userAgent', 'userAgent'],
    ['details', 'details'], ['prevHash', 'prevHash'], ['hash', 'hash'],
  ],
};

/**
 * Audit service (spec 2 "Audit service"; docs/audit-service.md): reads by the tenant's Auditor
 * or Admin (platform admins with X-Tenant-ID), retention changes by Admin. Extensions: chain
 * verification and an immediate retention purge.
 */
export const auditRoutes = defineRoutes([
  {
    method: 'GET', path: `${BASE}/events`, tag: TAG, summary: 'Audit events of the tenant, newest first (filters action, startDate, endDate, userId, resourceType, resourceId, outcome, category) (Auditor)',
    auth: 'bearer', operation: 'audit/audit-events', variables: { ...PAGE, ...FILTERS }, result: 'auditEvents',
  },
  {
    method: 'GET', path: `${BASE}/events/export`, tag: TAG, summary: 'All matching events, oldest first, streamed as CSV or JSON (`format` csv|json, default csv; same filters) (Auditor)',
    auth: 'bearer', operation: 'audit/audit-event-export', variables: { format: query('format'), ...FILTERS }, result: 'auditEventExport', download: EXPORT,
  },
  {
    method: 'GET', path: `${BASE}/events/{id}`, tag: TAG, summary: 'One audit event (Auditor)',
    auth: 'bearer', operation: 'audit/audit-event', variables: { id: param('id') }, result: 'auditEvent',
  },
  {
    method: 'GET', path: `${BASE}/users/{userId}/events`, tag: TAG, summary: 'Events whose actor is the user, newest first (Auditor)',
    auth: 'bearer', operation: 'audit/user-audit-events', variables: { userId: param('userId'), ...PAGE, ...NARROW }, result: 'userAuditEvents',
  },
  {
    method: 'GET', path: `${BASE}/resources/{resourceType}/{resourceId}`, tag: TAG, summary: 'Events about one resource, newest first (Auditor)',
    auth: 'bearer', operation: 'audit/resource-audit-events', variables: { resourceType: param('resourceType'), resourceId: param('resourceId'), ...PAGE, ...NARROW }, result: 'resourceAuditEvents',
  },
  {
    method: 'GET', path: `${BASE}/verify`, tag: TAG, summary: "Extension: recompute the tenant's hash chain (intact, or the first broken seq) (Auditor)",
    auth: 'bearer', operation: 'audit/verify-audit-chain', result: 'verifyAuditChain',
  },
  {
    method: 'GET', path: `${BASE}/compliance/reports`, tag: TAG, summary: 'Compliance reports, newest first (filters type, status) (Auditor)',
    auth: 'bearer', operation: 'audit/compliance-reports', variables: { ...PAGE, type: query('type'), status: query('status') }, result: 'complianceReports',
  },
  {
    method: 'POST', path: `${BASE}/compliance/reports`, tag: TAG, summary: 'Request a compliance report (type, startDate, endDate); 202, built in the background (Auditor)',
    auth: 'bearer', operation: 'audit/create-compliance-report', variables: { input: body() }, result: 'createComplianceReport', status: 202,
  },
  {
    method: 'GET', path: `${BASE}/compliance/reports/{id}`, tag: TAG, summary: 'One compliance report with its summary and rows (Auditor)',
    auth: 'bearer', operation: 'audit/compliance-report', variables: { id: param('id') }, result: 'complianceReport',
  },
  {
    method: 'GET', path: `${BASE}/retention/policies`, tag: TAG, summary: 'Retention policies, one per category (Auditor)',
    auth: 'bearer', operation: 'audit/audit-retention-policies', result: 'auditRetentionPolicies',
  },
  {
    method: 'PUT', path: `${BASE}/retention/policies/{id}`, tag: TAG, summary: 'Change a retention period, 30 to 3650 days (Admin)',
    auth: 'bearer', operation: 'audit/update-audit-retention-policy', variables: { id: param('id'), input: body() }, result: 'updateAuditRetentionPolicy',
  },
  {
    method: 'POST', path: `${BASE}/retention/purge`, tag: TAG, summary: 'Extension: purge expired events now, as the scheduled purge does (Admin)',
    auth: 'bearer', operation: 'audit/purge-expired-audit-events', result: 'purgeExpiredAuditEvents',
  },
]);
