import { CHANGE_CHANNELS, dueWorkLoop, DomainError, isUuid, type Logger, type PollingLoop, type Principal, type WakeChannel } from '@dataplat/kit';
import { AuditError } from '../errors';
import { auditTenant } from '../core';
import { CATEGORIES } from '../events/events.inputs';
import type { UpdateRetentionPolicyInput } from './retention.inputs';
import type { PolicyRow, RetentionRepository } from './retention.repository';
import type { RetentionPolicy, RetentionPurgeResult } from './retention.type';

export const DEFAULT_RETENTION_DAYS = 365;
export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 3650;

/** Retention policies per tenant and category, and the purge that applies them. */
export class RetentionService {
  constructor(private readonly repo: RetentionRepository) {}

  async list(p: Principal): Promise<RetentionPolicy[]> {
    return (await this.repo.ensure(auditTenant(p), CATEGORIES, DEFAULT_RETENTION_DAYS)).map(toPolicy);
  }

  async update(p: Principal, id: string, input: UpdateRetentionPolicyInput): Promise<RetentionPolicy> {
    const tenantId = auditTenant(p);
    const days = input.retentionDays;
    if (!Number.isInteger(days) || days < MIN_RETENTION_DAYS || days > MAX_RETENTION_DAYS) {
      throw new DomainError(AuditError.RETENTION_POLICY_INVALID, `retentionDays must be ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}`, { field: 'retentionDays', min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS });
    }
    const row = isUuid(id) ? await this.repo.update(tenantId, id.toLowerCase(), days, p.subject) : null;
    if (!row) throw new DomainError(AuditError.RETENTION_POLICY_NOT_FOUND);
    return toPolicy(row);
  }

  /** Purges the acting tenant's expired events now (what the scheduled purge does for every tenant). */
  async purge(p: Principal): Promise<RetentionPurgeResult> {
    return this.purgeTenant(auditTenant(p));
  }

  async purgeTenant(tenantId: string): Promise<RetentionPurgeResult> {
    const { purged, checkpointSeq } = await this.repo.purgePrefix(tenantId, DEFAULT_RETENTION_DAYS);
    return { tenantId, purged, checkpointSeq: checkpointSeq === null ? null : Number(checkpointSeq) };
  }

  /**
   * The scheduled purge: when the first event of a chain outlives its retention (the loop sleeps
   * until then), the expired prefix of every such tenant's chain, one after the other. A policy
   * change wakes it (the table's update trigger), and it looks at least every `intervalMs`.
   */
  startPurger(changes: WakeChannel, intervalMs: number, log: Logger): PollingLoop {
    const loop = dueWorkLoop({
      peek: () => this.repo.purgeDueInMs(DEFAULT_RETENTION_DAYS),
      work: async () => {
        const tenants = await this.repo.tenantsWithExpiredEvents(DEFAULT_RETENTION_DAYS);
        let purged = 0;
        for (const tenantId of tenants) {
          const r = await this.purgeTenant(tenantId);
          purged += r.purged;
          if (r.purged) log.info({ tenantId, purged: r.purged, checkpointSeq: r.checkpointSeq }, 'expired audit events purged');
        }
        return purged > 0;
      },
      intervalMs,
      log,
      failure: 'audit retention purge failed',
      wake: { channel: changes, on: CHANGE_CHANNELS.retentionPolicies },
    });
    loop.start();
    return loop;
  }
}

const toPolicy = (r: PolicyRow): RetentionPolicy => ({
  id: r.id,
  tenantId: r.tenantId,
  category: r.category,
  retentionDays: r.retentionDays,
  updatedBy: r.updatedBy,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
