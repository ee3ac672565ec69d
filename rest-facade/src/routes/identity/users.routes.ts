import { body, defineRoutes, param, query } from '../../route-spec';

/** Spec 1, "Users". */
export const userRoutes = defineRoutes([
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
]);
