import type { PrismaClient } from '@dataplat/db';
import { defineSubgraph, SCHEMA_ONLY } from '@dataplat/kit';
import { buildAuditSubgraph } from './audit';
import { startAudit } from './server';
import { auditSettings } from './settings';
import { AuditError } from './errors';
import { AUDIT_PERMISSIONS } from './permissions';

/** The audit subgraph: the hash-chained log, reports, retention (docs/audit-service.md). */
export const auditSubgraph = defineSubgraph<PrismaClient, typeof auditSettings>({
  name: 'audit',
  defaultPort: 8086,
  peers: { identity: 'for the tenants of failed logins' },
  settings: auditSettings,
  databaseSchemas: ['audit'],
  permissions: AUDIT_PERMISSIONS,
  errors: AuditError,
  start: (ctx) => startAudit({ ...ctx, identityUrl: ctx.peerUrl('identity') }),
  buildSchema: async (config) => (await buildAuditSubgraph({ db: SCHEMA_ONLY, config })).schema,
});
