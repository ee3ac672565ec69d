import { body, defineRoutes, param, query } from '../../route-spec';

const APP = { application: param('application'), profile: param('profile') };

/** Spec 2, "Configuration service": Spring Cloud Config endpoints (docs/config-service.md). */
export const configPropertyRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/config/{application}/{profile}', tag: 'Configuration', summary: 'Configuration of an application for profiles (comma list), newest revision (Spring Cloud Config environment)',
    auth: 'bearer', operation: 'config/properties/config-environment', variables: APP, result: 'configEnvironment',
  },
  {
    method: 'GET', path: '/api/v1/config/{application}/{profile}/{label}', tag: 'Configuration', summary: 'Configuration of an application at a label (a revision)',
    auth: 'bearer', operation: 'config/properties/config-environment', variables: { ...APP, label: param('label') }, result: 'configEnvironment',
  },
  {
    method: 'POST', path: '/api/v1/config/refresh', tag: 'Configuration', summary: 'Announce configuration changes since the last refresh on the platform bus; returns the changed keys (Admin)',
    auth: 'bearer', operation: 'config/properties/refresh-config', variables: { input: body() }, result: 'refreshConfig',
  },
  {
    method: 'PUT', path: '/api/v1/config/{application}', tag: 'Configuration', summary: 'Replace the base property set of an application, as a new revision (Admin; not in the spec)',
    auth: 'bearer', operation: 'config/properties/put-config-properties', variables: { application: param('application'), input: body() }, result: 'putConfigProperties',
  },
  {
    method: 'PUT', path: '/api/v1/config/{application}/{profile}', tag: 'Configuration', summary: 'Replace the property set of an application and profile, as a new revision (Admin; not in the spec)',
    auth: 'bearer', operation: 'config/properties/put-config-properties', variables: { ...APP, input: body() }, result: 'putConfigProperties',
  },
  {
    method: 'GET', path: '/api/v1/config-history/{application}', tag: 'Configuration', summary: 'Versions of the base property set of an application, newest first (not in the spec)',
    auth: 'bearer', operation: 'config/properties/config-history', variables: { application: param('application'), page: query('page'), size: query('size') }, result: 'configHistory',
  },
  {
    method: 'GET', path: '/api/v1/config-history/{application}/{profile}', tag: 'Configuration', summary: 'Versions of a property set, newest first (not in the spec)',
    auth: 'bearer', operation: 'config/properties/config-history', variables: { ...APP, page: query('page'), size: query('size') }, result: 'configHistory',
  },
]);
