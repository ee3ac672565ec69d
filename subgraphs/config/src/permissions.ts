import { definePermissions } from '@dataplat/kit';

/** Every permission the config subgraph checks; seeded by identity (docs/identity-users-roles.md). */
export const CONFIG_READ = 'config:read';
export const CONFIG_WRITE = 'config:write';
export const FLAGS_READ = 'feature-flags:read';
export const FLAGS_WRITE = 'feature-flags:write';
export const MARKETPLACE_READ = 'marketplace:read';

export const CONFIG_PERMISSIONS = definePermissions('config', [
  { name: CONFIG_READ, description: 'Read configuration environments and their history' },
  { name: CONFIG_WRITE, description: 'Change configuration properties and refresh clients' },
  { name: FLAGS_READ, description: 'Read and evaluate feature flags' },
  { name: FLAGS_WRITE, description: 'Create and change feature flags' },
  { name: MARKETPLACE_READ, description: 'Read the marketplace catalogue' },
]);
