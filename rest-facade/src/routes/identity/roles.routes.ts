import { body, defineRoutes, param, query } from '../../route-spec';

const id = { id: param('roleId') };

/** Spec 1, "Roles and permissions" (ADMIN or PLATFORM_ADMIN unless stated; enforced by the GraphQL fields). */
export const roleRoutes = defineRoutes([
  {
    method: 'POST', path: '/api/v1/roles', tag: 'Roles', summary: 'Create a custom role in the tenant (Admin)',
    auth: 'bearer', tenantHeader: 'required', operation: 'identity/roles/create-role', variables: { input: body() },
    result: 'createRole', status: 201,
  },
  {
    method: 'GET', path: '/api/v1/roles', tag: 'Roles', summary: 'Roles visible in the tenant, paginated (Admin)',
    auth: 'bearer', operation: 'identity/roles/roles',
    variables: { page: query('page'), size: query('size'), search: query('search'), sort: query('sort'), order: query('order') },
    result: 'roles',
  },
  {
    method: 'GET', path: '/api/v1/roles/all', tag: 'Roles', summary: 'Every role visible in the tenant, unpaginated (Admin)',
    auth: 'bearer', operation: 'identity/roles/all-roles', result: 'allRoles',
  },
  {
    method: 'GET', path: '/api/v1/roles/{roleId}', tag: 'Roles', summary: 'One role (Admin)',
    auth: 'bearer', operation: 'identity/roles/role', variables: id, result: 'role',
  },
  {
    method: 'PUT', path: '/api/v1/roles/{roleId}', tag: 'Roles', summary: 'Rename or re-describe a role (Admin)',
    auth: 'bearer', operation: 'identity/roles/update-role', variables: { ...id, input: body() }, result: 'updateRole',
  },
  {
    method: 'DELETE', path: '/api/v1/roles/{roleId}', tag: 'Roles', summary: 'Delete a custom role no user holds (Admin)',
    auth: 'bearer', operation: 'identity/roles/delete-role', variables: id, result: 'deleteRole', status: 204,
  },
  {
    method: 'GET', path: '/api/v1/roles/{roleId}/permissions', tag: 'Roles', summary: 'Permissions of a role (Admin)',
    auth: 'bearer', operation: 'identity/roles/role-permissions', variables: id, result: 'rolePermissions',
  },
  {
    method: 'PUT', path: '/api/v1/roles/{roleId}/permissions', tag: 'Roles', summary: 'Replace the permissions of a role; body: array of permission ids (Admin)',
    auth: 'bearer', operation: 'identity/roles/set-role-permissions', variables: { ...id, permissionIds: body() }, result: 'setRolePermissions',
  },
  {
    method: 'POST', path: '/api/v1/roles/{roleId}/permissions', tag: 'Roles', summary: 'Add permissions to a role; body: array of permission ids (Admin)',
    auth: 'bearer', operation: 'identity/roles/add-role-permissions', variables: { ...id, permissionIds: body() }, result: 'addRolePermissions',
  },
  {
    method: 'DELETE', path: '/api/v1/roles/{roleId}/permissions', tag: 'Roles', summary: 'Remove permissions from a role; body: array of permission ids (Admin)',
    auth: 'bearer', operation: 'identity/roles/remove-role-permissions', variables: { ...id, permissionIds: body() }, result: 'removeRolePermissions', status: 204,
  },
  {
    method: 'GET', path: '/api/v1/permissions', tag: 'Roles', summary: 'The permission catalogue (any authenticated caller)',
    auth: 'bearer', operation: 'identity/roles/permissions', result: 'permissions',
  },
]);
