import { body, defineRoutes, param, query } from '../../route-spec';

const BASE = '/api/v1/deploy/releases';
const RELEASE = { releaseId: param('releaseId') };
const CHART = { chartName: param('chartName') };
const T = 'Chart releases';

/**
 * Chart releases (spec 2 "Endpoints / Chart releases"): the release's tenant Admin or Platform
 * admin; platform-wide views and batch upgrade Platform admin only (docs/tenant-releases.md).
 */
export const releaseRoutes = defineRoutes([
  {
    method: 'POST', path: BASE, tag: T, summary: 'Install a release; 409 when the name is in use in the namespace (Admin)',
    auth: 'bearer', operation: 'tenant/releases/install-release', variables: { input: body() }, result: 'installRelease', status: 201,
  },
  {
    method: 'GET', path: `${BASE}/summary`, tag: T, summary: 'Release counts by status, chart and tenant (Platform admin)',
    auth: 'bearer', operation: 'tenant/releases/release-summary', result: 'releaseSummary',
  },
  {
    method: 'GET', path: `${BASE}/tenant/{tenantId}`, tag: T, summary: 'Releases of a tenant, newest first; optional status filter (Admin)',
    auth: 'bearer', operation: 'tenant/releases/tenant-releases', variables: { tenantId: param('tenantId'), status: query('status') }, result: 'tenantReleases',
  },
  {
    method: 'GET', path: `${BASE}/chart/{chartName}/versions`, tag: T, summary: 'Map of running chart version to count of releases, semver order (Platform admin)',
    auth: 'bearer', operation: 'tenant/releases/chart-version-distribution', variables: CHART, result: 'chartVersionDistribution',
  },
  {
    method: 'GET', path: `${BASE}/chart/{chartName}/needs-upgrade`, tag: T, summary: 'Releases running a version older than targetVersion (Platform admin)',
    auth: 'bearer', operation: 'tenant/releases/releases-needing-upgrade', variables: { ...CHART, targetVersion: query('targetVersion') }, result: 'releasesNeedingUpgrade',
  },
  {
    method: 'POST', path: `${BASE}/chart/{chartName}/batch-upgrade`, tag: T, summary: 'Upgrade every release needing it to targetVersion, one after another (Platform admin)',
    auth: 'bearer', operation: 'tenant/releases/batch-upgrade-releases', variables: { ...CHART, targetVersion: query('targetVersion') }, result: 'batchUpgradeReleases',
  },
  {
    method: 'GET', path: `${BASE}/{releaseId}`, tag: T, summary: 'One release (Admin)',
    auth: 'bearer', operation: 'tenant/releases/release', variables: RELEASE, result: 'release',
  },
  {
    method: 'DELETE', path: `${BASE}/{releaseId}`, tag: T, summary: 'Uninstall; history kept (Admin)',
    auth: 'bearer', operation: 'tenant/releases/uninstall-release', variables: RELEASE, result: 'uninstallRelease',
  },
  {
    method: 'GET', path: `${BASE}/{releaseId}/history`, tag: T, summary: 'Revision history, oldest first (Admin)',
    auth: 'bearer', operation: 'tenant/releases/release-history', variables: RELEASE, result: 'releaseHistory',
  },
  {
    method: 'POST', path: `${BASE}/{releaseId}/upgrade`, tag: T, summary: 'Upgrade: new revision, values override deep-merged with chart defaults (Admin)',
    auth: 'bearer', operation: 'tenant/releases/upgrade-release', variables: { ...RELEASE, input: body() }, result: 'upgradeRelease',
  },
  {
    method: 'POST', path: `${BASE}/{releaseId}/rollback`, tag: T, summary: 'Roll back to {targetRevision}: a new revision copying it (Admin)',
    auth: 'bearer', operation: 'tenant/releases/rollback-release', variables: { ...RELEASE, input: body() }, result: 'rollbackRelease',
  },
  {
    method: 'POST', path: `${BASE}/{releaseId}/rollback/last-successful`, tag: T, summary: 'Roll back to the last successful revision (Admin)',
    auth: 'bearer', operation: 'tenant/releases/rollback-release-last-successful', variables: RELEASE, result: 'rollbackReleaseToLastSuccessful',
  },
]);
