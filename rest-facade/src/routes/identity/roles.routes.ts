import { defineRoutes } from '../../route-spec';

/** Spec 1, "Roles and permissions". */
export const roleRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/roles/all', tag: 'Roles', summary: 'Every role visible in the tenant, unpaginated (Admin)',
    auth: 'bearer', operation: 'identity/all-roles', result: 'allRoles',
  },
]);
