import { body, defineRoutes, param, query } from '../../route-spec';

const CLIENT = { id: param('clientId') };

/**
 * Service-to-service tokens (spec 1 "Token types", "Authentication"): the client-credentials
 * grant, registration of service clients (PLATFORM_ADMIN), and a route for service tokens.
 */
export const serviceClientRoutes = defineRoutes([
  {
    method: 'POST', path: '/api/v1/auth/service-token', tag: 'Service tokens', summary: 'Client-credentials grant: a 5-minute service token',
    auth: 'public', operation: 'identity/service-clients/issue-service-token', variables: { input: body() }, result: 'issueServiceToken',
  },
  {
    method: 'POST', path: '/api/v1/service-clients', tag: 'Service tokens', summary: 'Register a service client (Platform admin; the secret is returned once)',
    auth: 'bearer', operation: 'identity/service-clients/register-service-client', variables: { input: body() }, result: 'registerServiceClient', secretFields: ['clientSecret'], status: 201,
  },
  {
    method: 'GET', path: '/api/v1/service-clients', tag: 'Service tokens', summary: 'Service clients, paginated (Platform admin)',
    auth: 'bearer', operation: 'identity/service-clients/service-clients', variables: { page: query('page'), size: query('size') }, result: 'serviceClients',
  },
  {
    method: 'GET', path: '/api/v1/service-clients/me', tag: 'Service tokens', summary: 'The calling service token and its client (service token, scope service:introspect)',
    auth: 'service_token', operation: 'identity/service-clients/service-who-am-i', result: 'serviceWhoAmI',
  },
  {
    method: 'GET', path: '/api/v1/service-clients/{clientId}', tag: 'Service tokens', summary: 'One service client (Platform admin)',
    auth: 'bearer', operation: 'identity/service-clients/service-client', variables: CLIENT, result: 'serviceClient',
  },
  {
    method: 'POST', path: '/api/v1/service-clients/{clientId}/secret', tag: 'Service tokens', summary: 'Replace the client secret (Platform admin; returned once)',
    auth: 'bearer', operation: 'identity/service-clients/rotate-service-client-secret', variables: CLIENT, result: 'rotateServiceClientSecret', secretFields: ['clientSecret'],
  },
  {
    method: 'DELETE', path: '/api/v1/service-clients/{clientId}', tag: 'Service tokens', summary: 'Delete a service client (Platform admin)',
    auth: 'bearer', operation: 'identity/service-clients/delete-service-client', variables: CLIENT, result: 'deleteServiceClient', status: 204,
  },
]);
