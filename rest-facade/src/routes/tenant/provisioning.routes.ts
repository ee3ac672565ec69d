import { defineRoutes, param, query } from '../../route-spec';

const TENANT = { tenantId: param('tenantId') };
const BASE = '/api/v1/tenants/{tenantId}/provisioning';
const TAG = 'Provisioning';
/** Statuses at which the status stream sends `complete` and ends. */
const FINAL = ['COMPLETED', 'FAILED', 'ROLLED_BACK'];

/**
 * Provisioning (spec 2, base /api/v1/tenants/{tenantId}/provisioning; docs/tenant-provisioning.md):
 * a tenant's Admin reads its own provisioning, a Platform Admin any; retry, rollback and
 * reprovision (Platform Admin) answer 202 with the updated status while the job runs.
 */
export const provisioningRoutes = defineRoutes([
  { method: 'GET', path: `${BASE}/status`, tag: TAG, summary: 'Provisioning status (Admin)', auth: 'bearer', operation: 'tenant/provisioning/provisioning-status', variables: TENANT, result: 'provisioningStatus' },
  { method: 'GET', path: `${BASE}/status/detailed`, tag: TAG, summary: 'Detailed status: progress, phases, timeline, recent events (Admin)', auth: 'bearer', operation: 'tenant/provisioning/provisioning-detailed-status', variables: TENANT, result: 'provisioningDetailedStatus' },
  {
    method: 'GET', path: `${BASE}/status/stream`, tag: TAG, summary: 'Server-sent events: `status` (the detailed status) every 2 s, `complete` at the end; 30-minute timeout (Admin)',
    auth: 'bearer', operation: 'tenant/provisioning/provisioning-status-stream', variables: TENANT, result: 'provisioningDetailedStatus',
    stream: { event: 'status', finalEvent: 'complete', intervalMs: 2_000, timeoutMs: 30 * 60_000, done: (s: { progress?: { status?: string } } | null) => s == null || FINAL.includes(s.progress?.status ?? '') },
  },
  { method: 'GET', path: `${BASE}/phases`, tag: TAG, summary: 'Phase breakdown (Admin)', auth: 'bearer', operation: 'tenant/provisioning/provisioning-phases', variables: TENANT, result: 'provisioningPhases' },
  { method: 'GET', path: `${BASE}/timeline`, tag: TAG, summary: 'Timeline and durations (Admin)', auth: 'bearer', operation: 'tenant/provisioning/provisioning-timeline', variables: TENANT, result: 'provisioningTimeline' },
  { method: 'GET', path: `${BASE}/events`, tag: TAG, summary: 'Recent events, most recent first (Admin; `limit` 1 to 200, default 50)', auth: 'bearer', operation: 'tenant/provisioning/provisioning-events', variables: { ...TENANT, limit: query('limit') }, result: 'provisioningEvents' },
  { method: 'GET', path: `${BASE}/steps`, tag: TAG, summary: 'All steps, in order (Admin)', auth: 'bearer', operation: 'tenant/provisioning/provisioning-steps', variables: TENANT, result: 'provisioningSteps' },
  { method: 'GET', path: `${BASE}/steps/{stepId}`, tag: TAG, summary: 'One step (Admin)', auth: 'bearer', operation: 'tenant/provisioning/provisioning-step', variables: { ...TENANT, stepId: param('stepId') }, result: 'provisioningStep' },
  { method: 'POST', path: `${BASE}/retry`, tag: TAG, summary: 'Resume from the failed step; 400 when no step failed (Platform admin)', auth: 'bearer', operation: 'tenant/provisioning/retry-provisioning', variables: TENANT, result: 'retryProvisioning', status: 202 },
  { method: 'POST', path: `${BASE}/rollback`, tag: TAG, summary: 'Roll back every provisioned resource, last first (Platform admin)', auth: 'bearer', operation: 'tenant/provisioning/rollback-provisioning', variables: TENANT, result: 'rollbackProvisioning', status: 202 },
  { method: 'POST', path: `${BASE}/reprovision`, tag: TAG, summary: 'Rollback, then a fresh start (Platform admin)', auth: 'bearer', operation: 'tenant/provisioning/reprovision-tenant', variables: TENANT, result: 'reprovisionTenant', status: 202 },
]);
