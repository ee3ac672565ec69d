import type { Prisma, PrismaClient } from '@dataplat/db';
import { holds, parseChannel, AUTO_RESOLVABLE } from './alert.model';
import { OPEN_STATUSES, raiseAlert } from './alert-writer';

export type AlertRow = Prisma.TenantAlertGetPayload<object>;
export type RuleRow = Prisma.AlertRuleGetPayload<object>;
type Tx = Prisma.TransactionClient;

/** Key of the evaluator's transaction-scoped advisory lock: one process evaluates at a time. */
export const EVALUATOR_LOCK_KEY = 'tenant.alert-rule-evaluator';

/** The only Prisma caller for alerts and alert rules; every statement is filtered by tenant. */
export class AlertRepository {
  constructor(private readonly db: PrismaClient) {}

  async list(tenantId: string, status: string | undefined, skip: number, take: number): Promise<{ rows: AlertRow[]; total: number }> {
    const where = { tenantId, ...(status ? { status } : {}) };
    const [rows, total] = await this.db.$transaction([
      this.db.tenantAlert.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip, take }),
      this.db.tenantAlert.count({ where }),
    ]);
    return { rows, total };
  }

  active(tenantId: string): Promise<AlertRow[]> {
    return this.db.tenantAlert.findMany({ where: { tenantId, status: 'ACTIVE' }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
  }

  find(tenantId: string, id: string): Promise<AlertRow | null> {
    return this.db.tenantAlert.findFirst({ where: { tenantId, id } });
  }

  /** Counts grouped in SQL by status, severity and resource type. */
  async counts(tenantId: string) {
    const [byStatus, bySeverity, byResourceType] = await this.db.$transaction([
      this.db.tenantAlert.groupBy({ by: ['status'], where: { tenantId }, _count: { _all: true }, orderBy: { status: 'asc' } }),
      this.db.tenantAlert.groupBy({ by: ['severity'], where: { tenantId }, _count: { _all: true }, orderBy: { severity: 'asc' } }),
      this.db.tenantAlert.groupBy({ by: ['resourceType'], where: { tenantId }, _count: { _all: true }, orderBy: { resourceType: 'asc' } }),
    ]);
    const count = (c: unknown) => ((c as { _all?: number } | undefined)?._all ?? 0);
    return {
      byStatus: byStatus.map((r) => ({ key: r.status, count: count(r._count) })),
      bySeverity: bySeverity.map((r) => ({ key: r.severity, count: count(r._count) })),
      byResourceType: byResourceType.map((r) => ({ key: r.resourceType, count: count(r._count) })),
    };
  }

  /** One move of the state machine, only from the given statuses; false when the alert was not in one of them. */
  async move(tenantId: string, id: string, from: readonly string[], data: Prisma.TenantAlertUpdateManyMutationInput): Promise<boolean> {
    const { count } = await this.db.tenantAlert.updateMany({ where: { tenantId, id, status: { in: [...from] } }, data });
    return count === 1;
  }

  rules(tenantId: string): Promise<RuleRow[]> {
    return this.db.alertRule.findMany({ where: { tenantId }, orderBy: [{ ruleName: 'asc' }] });
  }

  rule(tenantId: string, id: string): Promise<RuleRow | null> {
    return this.db.alertRule.findFirst({ where: { tenantId, id } });
  }

  createRule(data: Prisma.AlertRuleUncheckedCreateInput): Promise<RuleRow> {
    return this.db.alertRule.create({ data });
  }

  async updateRule(tenantId: string, id: string, data: Prisma.AlertRuleUpdateManyMutationInput): Promise<RuleRow | null> {
    const { count } = await this.db.alertRule.updateMany({ where: { tenantId, id }, data });
    return count ? this.rule(tenantId, id) : null;
  }

  async deleteRule(tenantId: string, id: string): Promise<boolean> {
    const { count } = await this.db.alertRule.deleteMany({ where: { tenantId, id } });
    return count === 1;
  }

  /** Evaluates one rule now (after create, update or enable). */
  evaluateNow(tenantId: string, id: string): Promise<void> {
    return this.db.$transaction(async (tx) => {
      const rule = await tx.alertRule.findFirst({ where: { tenantId, id, enabled: true } });
      if (rule) await evaluate(tx, rule);
    });
  }

  /** In how many ms the earliest enabled rule is due for evaluation (≤ 0: now); null: no enabled rule. */
  async evaluationDueInMs(): Promise<number | null> {
    const [row] = await this.db.$queryRaw<{ ms: number | null }[]>`
      SELECT (EXTRACT(EPOCH FROM min(coalesce(last_evaluated_at + make_interval(secs => period_seconds), now())) - now()) * 1000)::float8 AS ms
        FROM tenant.alert_rules WHERE enabled`;
    return row?.ms ?? null;
  }

  /**
   * Evaluates every enabled rule whose evaluationPeriod has passed since its last evaluation,
   * in one transaction holding a transaction-scoped advisory lock: with several tenant
   * processes, one evaluates and the others skip this round. Returns the rules evaluated (-1: lock held elsewhere).
   */
  evaluateDue(limit = 200): Promise<number> {
    return this.db.$transaction(async (tx) => {
      const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtextextended(${EVALUATOR_LOCK_KEY}, 0)) AS locked`;
      if (!locked) return -1;
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM tenant.alert_rules
         WHERE enabled AND (last_evaluated_at IS NULL OR last_evaluated_at + make_interval(secs => period_seconds) <= now())
         ORDER BY last_evaluated_at NULLS FIRST LIMIT ${limit}`;
      for (const { id } of due) {
        const rule = await tx.alertRule.findUnique({ where: { id } });
        if (rule) await evaluate(tx, rule);
      }
      return due.length;
    }, { timeout: 60_000 });
  }
}

/**
 * A rule's measure: the peak utilization percent (usage / hard limit × 100) of its resource over
 * the evaluation period, from the usage records and the current usage. null: no quota for it.
 */
async function peakUtilization(tx: Tx, tenantId: string, resourceType: string, seconds: number): Promise<number | null> {
  const rows = await tx.$queryRaw<{ pct: number }[]>`
    SELECT GREATEST(
             (SELECT MAX(CASE WHEN r.hard_limit > 0 THEN r.used_after / r.hard_limit * 100 ELSE 0 END)
                FROM tenant.quota_usage_records r
               WHERE r.tenant_id = q.tenant_id AND r.resource_type = q.resource_type AND r.accepted
                 AND r.recorded_at >= now() - make_interval(secs => ${seconds}::float8)),
             CASE WHEN q.hard_limit <= 0 THEN 0
                  WHEN q.usage_window IS NOT NULL AND (q.window_start IS NULL OR q.window_start < date_trunc(q.usage_window, now())) THEN 0
                  ELSE q.used / q.hard_limit * 100 END)::float8 AS pct
      FROM tenant.quotas q
     WHERE q.tenant_id = ${tenantId}::uuid AND q.resource_type = ${resourceType}`;
  return rows.length ? Math.round(rows[0].pct * 100) / 100 : null;
}

/** Raises the rule's alert when its condition holds; resolves (AUTOMATIC) its open alert when it no longer does. */
async function evaluate(tx: Tx, rule: RuleRow): Promise<void> {
  const value = await peakUtilization(tx, rule.tenantId, rule.resourceType, rule.periodSeconds);
  if (value !== null) {
    if (holds(rule.condition, value, rule.threshold)) {
      const notify = rule.notificationChannels.map(parseChannel).filter((c): c is NonNullable<typeof c> => c !== null);
      await raiseAlert(tx, {
        tenantId: rule.tenantId, source: 'RULE', ruleId: rule.id, resourceType: rule.resourceType, severity: rule.severity,
        currentValue: value, threshold: rule.threshold, notify,
        message: `Rule "${rule.ruleName}": ${rule.resourceType} utilization ${value}% ${rule.condition} ${rule.threshold} over ${rule.evaluationPeriod}`,
      });
    } else {
      await tx.tenantAlert.updateMany({
        where: { tenantId: rule.tenantId, ruleId: rule.id, status: { in: AUTO_RESOLVABLE } },
        data: { status: 'RESOLVED', resolvedAt: new Date(), resolutionType: 'AUTOMATIC', resolutionNotes: `Condition no longer holds (${value}%)` },
      });
    }
  }
  await tx.alertRule.update({ where: { id: rule.id }, data: { lastEvaluatedAt: new Date() } });
}

export { OPEN_STATUSES };
