import { body, defineRoutes, param, query } from '../../route-spec';

const id = { id: param('userId') };

/** Spec 1, "Users". Roles and scopes are enforced by the GraphQL fields (identity subgraph). */
export const userRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/users/me', tag: 'Users', summary: 'The current user',
    auth: 'bearer', operation: 'identity/users/me', result: 'me',
  },
  {
    method: 'PUT', path: '/api/v1/users/me', tag: 'Users', summary: 'Update the own profile (firstName, lastName)',
    auth: 'bearer', operation: 'identity/users/update-me', variables: { input: body() }, result: 'updateMe',
  },
  {
    method: 'POST', path: '/api/v1/users/me/password', tag: 'Users', summary: 'Change the own password; ends the other sessions',
    auth: 'bearer', operation: 'identity/users/change-my-password', variables: { input: body() }, result: 'changeMyPassword', status: 204,
  },
  {
    method: 'GET', path: '/api/v1/users', tag: 'Users', summary: 'Users of the tenant, paginated (Admin)',
    auth: 'bearer', operation: 'identity/users/users',
    variables: { page: query('page'), size: query('size'), search: query('search'), sort: query('sort'), order: query('order') },
    result: 'users',
  },
  {
    method: 'POST', path: '/api/v1/users', tag: 'Users', summary: 'Create a user (Admin)',
    auth: 'bearer', tenantHeader: 'required', operation: 'identity/users/create-user', variables: { input: body() },
    result: 'createUser', status: 201,
  },
  {
    method: 'GET', path: '/api/v1/users/{userId}', tag: 'Users', summary: 'One user (Admin)',
    auth: 'bearer', operation: 'identity/users/user', variables: id, result: 'user',
  },
  {
    method: 'PUT', path: '/api/v1/users/{userId}', tag: 'Users', summary: 'Update names and e-mail of a user (Admin)',
    auth: 'bearer', operation: 'identity/users/update-user', variables: { ...id, input: body() }, result: 'updateUser',
  },
  {
    method: 'DELETE', path: '/api/v1/users/{userId}', tag: 'Users', summary: 'Delete a user (Admin)',
    auth: 'bearer', operation: 'identity/users/delete-user', variables: id, result: 'deleteUser', status: 204,
  },
  {
    method: 'PUT', path: '/api/v1/users/{userId}/enable', tag: 'Users', summary: 'Enable a user (Admin)',
    auth: 'bearer', operation: 'identity/users/enable-user', variables: id, result: 'enableUser',
  },
  {
    method: 'PUT', path: '/api/v1/users/{userId}/disable', tag: 'Users', summary: 'Disable a user: login blocked, sessions and tokens revoked (Admin)',
    auth: 'bearer', operation: 'identity/users/disable-user', variables: id, result: 'disableUser',
  },
  {
    method: 'PUT', path: '/api/v1/users/{userId}/unlock', tag: 'Users', summary: 'Clear the failed-login lock (Admin)',
    auth: 'bearer', operation: 'identity/users/unlock-user', variables: id, result: 'unlockUser',
  },
  {
    method: 'POST', path: '/api/v1/users/{userId}/reset-password', tag: 'Users', summary: 'Set a temporary password, to change at next login (Admin)',
    auth: 'bearer', operation: 'identity/users/reset-user-password', variables: id, result: 'resetUserPassword', secretFields: ['temporaryPassword'],
  },
  {
    method: 'GET', path: '/api/v1/users/{userId}/roles', tag: 'Users', summary: 'Roles of a user (Admin)',
    auth: 'bearer', operation: 'identity/users/user-roles', variables: id, result: 'userRoles',
  },
  {
    method: 'PUT', path: '/api/v1/users/{userId}/roles', tag: 'Users', summary: 'Replace the roles of a user; body: array of role ids (Admin)',
    auth: 'bearer', operation: 'identity/users/set-user-roles', variables: { ...id, roleIds: body() }, result: 'setUserRoles',
  },
  {
    method: 'POST', path: '/api/v1/users/{userId}/roles', tag: 'Users', summary: 'Grant roles to a user; body: array of role ids (Admin)',
    auth: 'bearer', operation: 'identity/users/add-user-roles', variables: { ...id, roleIds: body() }, result: 'addUserRoles',
  },
  {
    method: 'DELETE', path: '/api/v1/users/{userId}/roles/{roleId}', tag: 'Users', summary: 'Take one role from a user (Admin)',
    auth: 'bearer', operation: 'identity/users/remove-user-role', variables: { ...id, roleId: param('roleId') }, result: 'removeUserRole', status: 204,
  },
]);
