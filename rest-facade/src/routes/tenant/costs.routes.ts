import { defineRoutes, param, query } from '../../route-spec';

const ATTRIBUTION = '/api/v1/cost-attribution';
const DASHBOARD = '/api/v1/cost-dashboard';
const CLUSTER = { clusterName: param('clusterName') };
const TENANT = { tenantId: param('tenantId') };
const DATE = { date: query('date') };
const PERIOD = { startDate: query('startDate'), endDate: query('endDate') };
const op = (name: string) => `tenant/costs/${name}`;

/**
 * Cost attribution and cost dashboard (spec 2): cluster and platform views for Platform admins,
 * a tenant's views for its Admin or a Platform admin (docs/tenant-costs.md).
 */
export const costRoutes = defineRoutes([
  {
    method: 'POST', path: `${ATTRIBUTION}/cluster/{clusterName}/attribute`, tag: 'Cost attribution', summary: 'Attribute a cluster\'s cost of a day to its tenants (Platform admin)',
    auth: 'bearer', operation: op('attribute-cluster-cost'), variables: { ...CLUSTER, ...DATE }, result: 'attributeClusterCost',
  },
  {
    method: 'POST', path: `${ATTRIBUTION}/all/attribute`, tag: 'Cost attribution', summary: 'Attribute the day\'s cost of every shared cluster (Platform admin)',
    auth: 'bearer', operation: op('attribute-all-cluster-costs'), variables: DATE, result: 'attributeAllClusterCosts',
  },
  {
    method: 'GET', path: `${ATTRIBUTION}/tenant/{tenantId}/breakdown`, tag: 'Cost attribution', summary: 'A tenant\'s cost breakdown over a period (Admin)',
    auth: 'bearer', operation: op('tenant-cost-breakdown'), variables: { ...TENANT, ...PERIOD }, result: 'tenantCostBreakdown',
  },
  {
    method: 'GET', path: `${ATTRIBUTION}/tenant/{tenantId}/trend`, tag: 'Cost attribution', summary: 'A tenant\'s daily cost trend (Admin)',
    auth: 'bearer', operation: op('tenant-cost-trend'), variables: { ...TENANT, periods: query('periods') }, result: 'tenantCostTrend',
  },
  {
    method: 'GET', path: `${ATTRIBUTION}/cluster/{clusterName}/comparison`, tag: 'Cost attribution', summary: 'Per-tenant costs, usage percentages and ranking of a cluster (Platform admin)',
    auth: 'bearer', operation: op('cluster-cost-comparison'), variables: { ...CLUSTER, ...DATE }, result: 'clusterCostComparison',
  },
  {
    method: 'GET', path: `${DASHBOARD}/platform/overview`, tag: 'Cost dashboard', summary: 'Platform cost of a day (Platform admin)',
    auth: 'bearer', operation: op('platform-cost-overview'), variables: DATE, result: 'platformCostOverview',
  },
  {
    method: 'GET', path: `${DASHBOARD}/platform/services`, tag: 'Cost dashboard', summary: 'Cost per service over a period (Platform admin)',
    auth: 'bearer', operation: op('service-cost-breakdown'), variables: PERIOD, result: 'serviceCostBreakdown',
  },
  {
    method: 'GET', path: `${DASHBOARD}/platform/tier-comparison`, tag: 'Cost dashboard', summary: 'Cost per tier of a month (Platform admin)',
    auth: 'bearer', operation: op('tier-cost-comparison'), variables: { month: query('month') }, result: 'tierCostComparison',
  },
  {
    method: 'GET', path: `${DASHBOARD}/platform/anomalies`, tag: 'Cost dashboard', summary: 'Cost anomalies of a day (Platform admin)',
    auth: 'bearer', operation: op('cost-anomalies'), variables: { ...DATE, threshold: query('threshold') }, result: 'costAnomalies',
  },
  {
    method: 'GET', path: `${DASHBOARD}/tenant/{tenantId}`, tag: 'Cost dashboard', summary: 'A tenant\'s cost dashboard (Admin)',
    auth: 'bearer', operation: op('tenant-cost-dashboard'), variables: { ...TENANT, ...DATE }, result: 'tenantCostDashboard',
  },
  {
    method: 'GET', path: `${DASHBOARD}/tenant/{tenantId}/monthly-history`, tag: 'Cost dashboard', summary: 'A tenant\'s monthly cost history (Admin)',
    auth: 'bearer', operation: op('tenant-monthly-cost-history'), variables: { ...TENANT, months: query('months') }, result: 'tenantMonthlyCostHistory',
  },
]);
