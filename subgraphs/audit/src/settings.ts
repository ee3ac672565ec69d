import { setting, type SubgraphConfig } from '@dataplat/kit';

export const auditSettings = {
  AUDIT_CHAIN_INTERVAL: setting.durationMs('250ms').describe('How often the audit chainer looks for new intake rows when idle (docs/audit-service.md).'),
  AUDIT_PURGE_INTERVAL: setting.duration('1h').describe('How often expired audit events are purged by the retention policies (docs/audit-service.md).'),
};

export type AuditConfig = SubgraphConfig<typeof auditSettings>;
