import { definePermissions } from '@dataplat/kit';

/** Every permission the audit subgraph checks; seeded by identity (docs/identity-users-roles.md). */
export const AUDIT_READ = 'audit:read';

export const AUDIT_PERMISSIONS = definePermissions('audit', [
  { name: AUDIT_READ, description: 'Read the audit log, export and verify it, and run compliance reports' },
]);
