import { body, defineRoutes, param, query } from '../route-spec';

/** Spec 1: identity (foundation slice; issue 3 adds the rest). */
export const identityRoutes = defineRoutes([
  {
    method: 'POST', path: '/api/v1/auth/login', tag: 'Authentication', summary: 'Password login',
    auth: 'public', operation: 'identity/login', variables: { input: body() }, result: 'login',
  },
  {
    method: 'POST', path: '/api/v1/auth/refresh', tag: 'Authentication', summary: 'New access token from a refresh token',
    auth: 'refresh_token', operation: 'identity/refresh', variables: { input: body() }, result: 'refreshToken',
  },
  {
    method: 'POST', path: '/api/v1/auth/logout', tag: 'Authentication', summary: 'Revoke a refresh token',
    auth: 'refresh_token', operation: 'identity/logout', variables: { input: body() }, result: 'logout',
  },
  {
    method: 'GET', path: '/api/v1/users/me', tag: 'Users', summary: 'The current user',
    auth: 'bearer', operation: 'identity/me', result: 'me',
  },
  {
    method: 'GET', path: '/api/v1/users', tag: 'Users', summary: 'Users of the tenant, paginated (Admin)',
    auth: 'bearer', operation: 'identity/users',
    variables: { page: query('page'), size: query('size'), search: query('search'), sort: query('sort'), order: query('order') },
    result: 'users',
  },
  {
    method: 'GET', path: '/api/v1/users/{userId}', tag: 'Users', summary: 'One user (Admin)',
    auth: 'bearer', operation: 'identity/user', variables: { id: param('userId') }, result: 'user',
  },
  {
    method: 'POST', path: '/api/v1/users', tag: 'Users', summary: 'Create a user (Admin)',
    auth: 'bearer', tenantHeader: 'required', operation: 'identity/create-user', variables: { input: body() },
    result: 'createUser', status: 201,
  },
  {
    method: 'GET', path: '/api/v1/roles/all', tag: 'Roles', summary: 'Every role visible in the tenant, unpaginated (Admin)',
    auth: 'bearer', operation: 'identity/all-roles', result: 'allRoles',
  },
]);
