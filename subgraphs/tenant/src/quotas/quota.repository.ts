import { Prisma, type PrismaClient } from '@dataplat/db';
import { raiseAlert } from '../alerts/alert-writer';
import { utilizationPercent, type QuotaLimits } from './quota.model';

export type QuotaRow = Prisma.TenantQuotaGetPayload<object>;
export type UsageRow = Prisma.QuotaUsageRecordGetPayload<object>;

export interface UsageOutcome {
  /** null: the tenant has no quota for the resource type. */
  quota: { used: number; softLimit: number; hardLimit: number } | null;
  accepted: boolean;
  /** The amount would take usage below zero. */
  belowZero: boolean;
}

export interface TrendRow {
  bucket: Date;
  total: number;
  accepted: number;
  refused: number;
  peak: number;
  average: number;
  peakPercent: number;
}

/** Usage of the current window: 0 when the window started before the current one. */
const BASE = Prisma.sql`(CASE WHEN q.usage_window IS NOT NULL AND (q.window_start IS NULL OR q.window_start < date_trunc(q.usage_window, now())) THEN 0 ELSE q.used END)`;

/** The only Prisma caller for quotas and usage records; every statement is filtered by tenant. */
export class QuotaRepository {
  constructor(private readonly db: PrismaClient) {}

  list(tenantId: string): Promise<QuotaRow[]> {
    return this.db.tenantQuota.findMany({ where: { tenantId }, orderBy: { resourceType: 'asc' } });
  }

  find(tenantId: string, resourceType: string): Promise<QuotaRow | null> {
    return this.db.tenantQuota.findUnique({ where: { tenantId_resourceType: { tenantId, resourceType } } });
  }

  /** Creates or updates limits; usage is kept. */
  upsert(tenantId: string, q: QuotaLimits & { window: string | null }): Promise<QuotaRow> {
    const limits = { softLimit: q.softLimit, hardLimit: q.hardLimit, unit: q.unit, enforcementMode: q.enforcementMode };
    return this.db.tenantQuota.upsert({
      where: { tenantId_resourceType: { tenantId, resourceType: q.resourceType } },
      create: { tenantId, resourceType: q.resourceType, window: q.window, ...limits },
      update: limits,
    });
  }

  /** Creates the quotas the tenant has none of (provisioning); returns how many were created. */
  async createMissing(tenantId: string, quotas: (QuotaLimits & { window: string | null })[]): Promise<number> {
    const { count } = await this.db.tenantQuota.createMany({
      data: quotas.map((q) => ({ tenantId, resourceType: q.resourceType, window: q.window, softLimit: q.softLimit, hardLimit: q.hardLimit, unit: q.unit, enforcementMode: q.enforcementMode })),
      skipDuplicates: true,
    });
    return count;
  }

  /** Removes every quota of the tenant (provisioning rolled back). */
  async removeAll(tenantId: string): Promise<void> {
    await this.db.tenantQuota.deleteMany({ where: { tenantId } });
  }

  count(tenantId: string): Promise<number> {
    return this.db.tenantQuota.count({ where: { tenantId } });
  }

  upsertMany(tenantId: string, quotas: (QuotaLimits & { window: string | null })[]): Promise<QuotaRow[]> {
    return this.db.$transaction(quotas.map((q) => {
      const limits = { softLimit: q.softLimit, hardLimit: q.hardLimit, unit: q.unit, enforcementMode: q.enforcementMode };
      return this.db.tenantQuota.upsert({
        where: { tenantId_resourceType: { tenantId, resourceType: q.resourceType } },
        create: { tenantId, resourceType: q.resourceType, window: q.window, ...limits },
        update: limits,
      });
    }));
  }

  /**
   * Records usage in one transaction: one conditional UPDATE applies the amount only if the
   * result stays within [0, hardLimit] (HARD) — concurrent records can never overshoot — then the
   * usage record, then alerts for thresholds crossed (soft limit, hard limit reached, refusal).
   */
  recordUsage(tenantId: string, resourceType: string, amount: number, source: string, notify: { channel: string; recipient: string }[]): Promise<UsageOutcome> {
    return this.db.$transaction(async (tx) => {
      const updated = await tx.$queryRaw<{ used: number; soft_limit: number; hard_limit: number; enforcement_mode: string }[]>`
        UPDATE tenant.quotas q
           SET used = ${BASE} + ${amount}::float8,
               window_start = CASE WHEN q.usage_window IS NOT NULL THEN date_trunc(q.usage_window, now()) ELSE q.window_start END,
               updated_at = now()
         WHERE q.tenant_id = ${tenantId}::uuid AND q.resource_type = ${resourceType}
           AND ${BASE} + ${amount}::float8 >= 0
           AND (q.enforcement_mode <> 'HARD' OR ${amount}::float8 <= 0 OR ${BASE} + ${amount}::float8 <= q.hard_limit)
        RETURNING q.used, q.soft_limit, q.hard_limit, q.enforcement_mode`;
      if (updated.length) {
        const { used, soft_limit: softLimit, hard_limit: hardLimit } = updated[0];
        await tx.quotaUsageRecord.create({ data: { tenantId, resourceType, amount, usedAfter: used, hardLimit, source, accepted: true } });
        const before = used - amount;
        const pct = utilizationPercent(used, hardLimit);
        if (used >= hardLimit && before < hardLimit && amount > 0) {
          await raiseAlert(tx, { tenantId, source: 'QUOTA_HARD_LIMIT', resourceType, severity: 'CRITICAL', currentValue: used, threshold: hardLimit, notify,
            message: `${resourceType} usage ${used} reached the hard limit ${hardLimit} (${pct}%)` });
        } else if (used >= softLimit && before < softLimit && amount > 0) {
          await raiseAlert(tx, { tenantId, source: 'QUOTA_SOFT_LIMIT', resourceType, severity: 'WARNING', currentValue: used, threshold: softLimit, notify,
            message: `${resourceType} usage ${used} crossed the soft limit ${softLimit} (${pct}% of the hard limit)` });
        }
        return { quota: { used, softLimit, hardLimit }, accepted: true, belowZero: false };
      }
      const rows = await tx.$queryRaw<{ base: number; soft_limit: number; hard_limit: number }[]>`
        SELECT ${BASE} AS base, q.soft_limit, q.hard_limit FROM tenant.quotas q
         WHERE q.tenant_id = ${tenantId}::uuid AND q.resource_type = ${resourceType}`;
      if (!rows.length) return { quota: null, accepted: false, belowZero: false };
      const { base: used, soft_limit: softLimit, hard_limit: hardLimit } = rows[0];
      const quota = { used, softLimit, hardLimit };
      if (used + amount < 0) return { quota, accepted: false, belowZero: true };
      await tx.quotaUsageRecord.create({ data: { tenantId, resourceType, amount, usedAfter: used, hardLimit, source, accepted: false } });
      await raiseAlert(tx, { tenantId, source: 'QUOTA_REFUSED', resourceType, severity: 'CRITICAL', currentValue: used + amount, threshold: hardLimit, notify,
        message: `${resourceType} usage of ${amount} refused: ${used} + ${amount} exceeds the hard limit ${hardLimit}` });
      return { quota, accepted: false, belowZero: false };
    });
  }

  /** Usage records in [start, end], most recent first (at most `limit`). */
  history(tenantId: string, resourceType: string, start: Date, end: Date, limit: number): Promise<UsageRow[]> {
    return this.db.quotaUsageRecord.findMany({
      where: { tenantId, resourceType, recordedAt: { gte: start, lte: end } },
      orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
  }

  /** Usage records aggregated per `date_trunc(interval)` bucket in SQL, oldest first. */
  trend(tenantId: string, resourceType: string, start: Date, end: Date, interval: string): Promise<TrendRow[]> {
    return this.db.$queryRaw<TrendRow[]>`
      SELECT date_trunc(${interval}, r.recorded_at) AS bucket,
             COALESCE(SUM(r.amount) FILTER (WHERE r.accepted), 0)::float8 AS total,
             (COUNT(*) FILTER (WHERE r.accepted))::int AS accepted,
             (COUNT(*) FILTER (WHERE NOT r.accepted))::int AS refused,
             MAX(r.used_after)::float8 AS peak,
             AVG(r.used_after)::float8 AS average,
             MAX(CASE WHEN r.hard_limit > 0 THEN r.used_after / r.hard_limit * 100 ELSE 0 END)::float8 AS "peakPercent"
        FROM tenant.quota_usage_records r
       WHERE r.tenant_id = ${tenantId}::uuid AND r.resource_type = ${resourceType}
         AND r.recorded_at >= ${start} AND r.recorded_at <= ${end}
       GROUP BY 1 ORDER BY 1`;
  }
}
