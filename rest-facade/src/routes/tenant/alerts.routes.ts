import { body, defineRoutes, param, query } from '../../route-spec';

const BASE = '/api/v1/tenants/{tenantId}/alerts';
const TENANT = { tenantId: param('tenantId') };
const ALERT = { ...TENANT, alertId: param('alertId') };
const RULE = { ...TENANT, ruleId: param('ruleId') };

/** Alerts and alert rules (spec 2 "Endpoints / Alerts"): the tenant's Admin, or Platform admin (docs/tenant-quotas-alerts.md). */
export const alertRoutes = defineRoutes([
  {
    method: 'GET', path: BASE, tag: 'Alerts', summary: 'Alerts, paginated, most recent first (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/alerts', variables: { ...TENANT, status: query('status'), page: query('page'), size: query('size') }, result: 'alerts',
  },
  {
    method: 'GET', path: `${BASE}/active`, tag: 'Alerts', summary: 'All active alerts, unpaginated (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/active-alerts', variables: TENANT, result: 'activeAlerts',
  },
  {
    method: 'GET', path: `${BASE}/summary`, tag: 'Alerts', summary: 'Alert counts by status, severity and resource type (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/alert-summary', variables: TENANT, result: 'alertSummary',
  },
  {
    method: 'GET', path: `${BASE}/rules`, tag: 'Alerts', summary: 'Alert rules (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/alert-rules', variables: TENANT, result: 'alertRules',
  },
  {
    method: 'POST', path: `${BASE}/rules`, tag: 'Alerts', summary: 'Create an alert rule; 409 on a duplicate name (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/create-alert-rule', variables: { ...TENANT, input: body() }, result: 'createAlertRule', status: 201,
  },
  {
    method: 'GET', path: `${BASE}/rules/{ruleId}`, tag: 'Alerts', summary: 'One alert rule (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/alert-rule', variables: RULE, result: 'alertRule',
  },
  {
    method: 'PUT', path: `${BASE}/rules/{ruleId}`, tag: 'Alerts', summary: 'Update an alert rule (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/update-alert-rule', variables: { ...RULE, input: body() }, result: 'updateAlertRule',
  },
  {
    method: 'DELETE', path: `${BASE}/rules/{ruleId}`, tag: 'Alerts', summary: 'Delete an alert rule (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/delete-alert-rule', variables: RULE, result: 'deleteAlertRule', status: 204,
  },
  {
    method: 'POST', path: `${BASE}/rules/{ruleId}/enable`, tag: 'Alerts', summary: 'Enable an alert rule (evaluated at once) (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/enable-alert-rule', variables: RULE, result: 'enableAlertRule',
  },
  {
    method: 'POST', path: `${BASE}/rules/{ruleId}/disable`, tag: 'Alerts', summary: 'Disable an alert rule (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/disable-alert-rule', variables: RULE, result: 'disableAlertRule',
  },
  {
    method: 'GET', path: `${BASE}/{alertId}`, tag: 'Alerts', summary: 'One alert (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/alert', variables: ALERT, result: 'alert',
  },
  {
    method: 'POST', path: `${BASE}/{alertId}/acknowledge`, tag: 'Alerts', summary: 'ACTIVE to ACKNOWLEDGED (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/acknowledge-alert', variables: { ...ALERT, input: body() }, result: 'acknowledgeAlert',
  },
  {
    method: 'POST', path: `${BASE}/{alertId}/resolve`, tag: 'Alerts', summary: 'ACKNOWLEDGED or SUPPRESSED to RESOLVED (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/resolve-alert', variables: { ...ALERT, input: body() }, result: 'resolveAlert',
  },
  {
    method: 'POST', path: `${BASE}/{alertId}/suppress`, tag: 'Alerts', summary: 'ACTIVE to SUPPRESSED (Admin)',
    auth: 'bearer', operation: 'tenant/alerts/suppress-alert', variables: ALERT, result: 'suppressAlert', status: 204,
  },
]);
