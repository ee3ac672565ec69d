import { definePermissions, USERS_LOCATE_SCOPE } from '@dataplat/kit';

/**
 * Every permission the identity subgraph checks (`@Authorized`, API-key and OAuth-client
 * management), declared here beside its code. Identity's seed (bootstrap.ts) stores these and
 * those of every other subgraph (their `permissions`, from the launcher's registry), so each can be given to a role.
 */
export const USERS_READ = 'users:read';
export const USERS_WRITE = 'users:write';
export const USERS_DELETE = 'users:delete';
export const ROLES_READ = 'roles:read';
export const ROLES_WRITE = 'roles:write';
export const ROLES_DELETE = 'roles:delete';
export const PERMISSIONS_READ = 'permissions:read';
export const PROFILE_READ = 'profile:read';
export const PROFILE_WRITE = 'profile:write';
export const API_KEYS_READ = 'api-keys:read';
export const API_KEYS_WRITE = 'api-keys:write';
export const SESSIONS_READ = 'sessions:read';
export const SESSIONS_WRITE = 'sessions:write';
export const DEVICES_READ = 'devices:read';
export const DEVICES_WRITE = 'devices:write';
export const OAUTH_CLIENTS_READ = 'oauth-clients:read';
export const OAUTH_CLIENTS_WRITE = 'oauth-clients:write';
export const SERVICE_CLIENTS_READ = 'service-clients:read';
export const SERVICE_CLIENTS_WRITE = 'service-clients:write';
/** A service token's own check of its credentials (`serviceWhoAmI`). */
export const SERVICE_INTROSPECT = 'service:introspect';

export const IDENTITY_PERMISSIONS = definePermissions('identity', [
  { name: USERS_READ, description: 'Read users of the tenant' },
  { name: USERS_WRITE, description: 'Create and change users of the tenant' },
  { name: USERS_DELETE, description: 'Delete users of the tenant' },
  { name: ROLES_READ, description: 'Read roles and their permissions' },
  { name: ROLES_WRITE, description: 'Create and change roles' },
  { name: ROLES_DELETE, description: 'Delete custom roles' },
  { name: PERMISSIONS_READ, description: 'List permissions' },
  { name: PROFILE_READ, description: 'Read the own profile' },
  { name: PROFILE_WRITE, description: 'Change the own profile and password' },
  { name: API_KEYS_READ, description: 'List own API keys' },
  { name: API_KEYS_WRITE, description: 'Create, rotate and revoke own API keys' },
  { name: SESSIONS_READ, description: 'List own sessions' },
  { name: SESSIONS_WRITE, description: 'Revoke own sessions' },
  { name: DEVICES_READ, description: 'List own devices' },
  { name: DEVICES_WRITE, description: 'Register, trust, block and remove own devices' },
  // Credentials that mint other credentials: no system role starts with them (docs/identity-oauth.md).
  { name: OAUTH_CLIENTS_READ, description: 'Read OAuth 2.0 clients of the tenant', adminDefault: false },
  { name: OAUTH_CLIENTS_WRITE, description: 'Register, change and delete OAuth 2.0 clients', adminDefault: false },
  { name: SERVICE_CLIENTS_READ, description: 'Read service clients (platform administrators)', adminDefault: false },
  { name: SERVICE_CLIENTS_WRITE, description: 'Register service clients and rotate their secrets (platform administrators)', adminDefault: false },
  // Scopes of service tokens.
  { name: SERVICE_INTROSPECT, description: 'Service tokens: inspect the own credentials', adminDefault: false },
  { name: USERS_LOCATE_SCOPE, description: 'Service tokens: find the tenant of an e-mail address', adminDefault: false },
]);
