import { setting, type SubgraphConfig } from '@dataplat/kit';

export const auditSettings = {
  AUDIT_CHAIN_INTERVAL: setting
    .durationMs('30s')
    .describe('Safety net of the audit chainer: it drains audit.intake when the intake announces new rows (NOTIFY), and looks on its own only this often, in case a notice was lost (docs/audit-service.md).'),
  AUDIT_PURGE_INTERVAL: setting
    .duration('1h')
    .describe('Safety net of the retention purge: it runs when the oldest event of a chain expires (and when a policy changes), and at least this often (docs/audit-service.md).'),
};

export type AuditConfig = SubgraphConfig<typeof auditSettings>;
