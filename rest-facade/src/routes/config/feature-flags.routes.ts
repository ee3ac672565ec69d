import { body, defineRoutes, param, query } from '../../route-spec';

const KEY = { key: param('key') };

/** Spec 2, "Configuration service": feature flags (docs/feature-flags.md). */
export const featureFlagRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/feature-flags', tag: 'Feature flags', summary: "The tenant's flags and the platform-wide ones, paginated",
    auth: 'bearer', operation: 'config/flags/feature-flags', variables: { page: query('page'), size: query('size'), enabled: query('enabled') }, result: 'featureFlags',
  },
  {
    method: 'GET', path: '/api/v1/feature-flags/{key}', tag: 'Feature flags', summary: 'One flag by key',
    auth: 'bearer', operation: 'config/flags/feature-flag', variables: KEY, result: 'featureFlag',
  },
  {
    method: 'POST', path: '/api/v1/feature-flags', tag: 'Feature flags', summary: 'Create a flag in the acting tenant (Admin; the platform tenant: platform-wide, platform admins)',
    auth: 'bearer', operation: 'config/flags/create-feature-flag', variables: { input: body() }, result: 'createFeatureFlag', status: 201,
  },
  {
    method: 'PUT', path: '/api/v1/feature-flags/{key}', tag: 'Feature flags', summary: 'Update a flag of the acting tenant; omitted fields unchanged (Admin)',
    auth: 'bearer', operation: 'config/flags/update-feature-flag', variables: { ...KEY, input: body() }, result: 'updateFeatureFlag',
  },
  {
    method: 'DELETE', path: '/api/v1/feature-flags/{key}', tag: 'Feature flags', summary: 'Delete a flag of the acting tenant (Admin)',
    auth: 'bearer', operation: 'config/flags/delete-feature-flag', variables: KEY, result: 'deleteFeatureFlag', status: 204,
  },
]);
