import { scimPresenter } from '../../presenters/scim';
import { body, defineRoutes, param, query, type RouteSpec } from '../../route-spec';

const BASE = '/api/v1/scim/v2';
const ID = { id: param('id') };
const LIST = { filter: query('filter'), startIndex: query('startIndex'), count: query('count') };
const TAG = 'SCIM 2.0';

/** A SCIM route: SCIM bearer unless public, SCIM bodies and errors (presenters/scim.ts). */
const scim = (route: Omit<RouteSpec, 'tag' | 'auth' | 'presenter'> & { auth?: RouteSpec['auth'] }): RouteSpec => ({
  tag: TAG, auth: 'scim_bearer', presenter: scimPresenter, ...route,
});

/** Spec 1, "SCIM 2.0 provisioning" (RFC 7644; docs/identity-scim.md) and the tenant's SCIM tokens. */
export const scimRoutes = defineRoutes([
  scim({ method: 'GET', path: `${BASE}/Users`, summary: 'List users (filter, startIndex, count)', operation: 'identity/scim/users', variables: LIST, result: 'scimUsers' }),
  scim({ method: 'GET', path: `${BASE}/Users/{id}`, summary: 'Get a user', operation: 'identity/scim/user', variables: ID, result: 'scimUser' }),
  scim({ method: 'POST', path: `${BASE}/Users`, summary: 'Create a user', operation: 'identity/scim/create-user', variables: { resource: body() }, result: 'scimCreateUser', status: 201 }),
  scim({ method: 'PUT', path: `${BASE}/Users/{id}`, summary: 'Replace a user', operation: 'identity/scim/replace-user', variables: { ...ID, resource: body() }, result: 'scimReplaceUser' }),
  scim({ method: 'PATCH', path: `${BASE}/Users/{id}`, summary: 'Partial update (PatchOp)', operation: 'identity/scim/patch-user', variables: { ...ID, patch: body() }, result: 'scimPatchUser' }),
  scim({ method: 'DELETE', path: `${BASE}/Users/{id}`, summary: 'Delete a user (then 404 everywhere; the row is kept for audit, access revoked)', operation: 'identity/scim/deactivate-user', variables: ID, result: 'scimDeactivateUser', status: 204 }),
  scim({ method: 'GET', path: `${BASE}/Groups`, summary: 'List groups (filter, startIndex, count, excludedAttributes)', operation: 'identity/scim/groups', variables: { ...LIST, excludedAttributes: query('excludedAttributes') }, result: 'scimGroups' }),
  scim({ method: 'GET', path: `${BASE}/Groups/{id}`, summary: 'Get a group', operation: 'identity/scim/group', variables: { ...ID, excludedAttributes: query('excludedAttributes') }, result: 'scimGroup' }),
  scim({ method: 'POST', path: `${BASE}/Groups`, summary: 'Create a group', operation: 'identity/scim/create-group', variables: { resource: body() }, result: 'scimCreateGroup', status: 201 }),
  scim({ method: 'PUT', path: `${BASE}/Groups/{id}`, summary: 'Replace a group', operation: 'identity/scim/replace-group', variables: { ...ID, resource: body() }, result: 'scimReplaceGroup' }),
  scim({ method: 'PATCH', path: `${BASE}/Groups/{id}`, summary: 'Update a group (membership; PatchOp)', operation: 'identity/scim/patch-group', variables: { ...ID, patch: body() }, result: 'scimPatchGroup' }),
  scim({ method: 'DELETE', path: `${BASE}/Groups/{id}`, summary: 'Delete a group', operation: 'identity/scim/delete-group', variables: ID, result: 'scimDeleteGroup', status: 204 }),
  scim({ method: 'GET', path: `${BASE}/ServiceProviderConfig`, auth: 'public', summary: 'Service provider configuration', operation: 'identity/scim/service-provider-config', result: 'scimServiceProviderConfig' }),
  scim({ method: 'GET', path: `${BASE}/Schemas`, auth: 'public', summary: 'Supported schemas', operation: 'identity/scim/schemas', result: 'scimSchemas' }),
  scim({ method: 'GET', path: `${BASE}/ResourceTypes`, auth: 'public', summary: 'Supported resource types', operation: 'identity/scim/resource-types', result: 'scimResourceTypes' }),
  {
    method: 'POST', path: '/api/v1/scim/tokens', tag: TAG, summary: 'Issue a SCIM token for the tenant (Admin; the token is returned only here)',
    auth: 'bearer', operation: 'identity/scim/issue-scim-token', variables: { input: body() }, result: 'issueScimToken', secretFields: ['token'], status: 201,
  },
  { method: 'GET', path: '/api/v1/scim/tokens', tag: TAG, summary: "The tenant's SCIM tokens (Admin)", auth: 'bearer', operation: 'identity/scim/scim-tokens', result: 'scimTokens' },
  {
    method: 'DELETE', path: '/api/v1/scim/tokens/{tokenId}', tag: TAG, summary: 'Revoke a SCIM token (Admin; effective at once)',
    auth: 'bearer', operation: 'identity/scim/revoke-scim-token', variables: { id: param('tokenId') }, result: 'revokeScimToken', status: 204,
  },
]);
