import type { Prisma, PrismaClient } from '@dataplat/db';

export interface BudgetRow {
  tenantId: string;
  amountMinor: bigint;
  currency: string;
  thresholds: number[];
  createdAt: Date;
  updatedAt: Date;
}

export interface NewBudgetAlert {
  tenantId: string;
  period: string;
  threshold: number;
  budgetMinor: bigint;
  spendMinor: bigint;
  currency: string;
  message: string;
  /** Outbox recipient (EMAIL). */
  recipient: string;
}

/** billing.budgets and billing.budget_alerts (+ platform.notification_outbox for alerts). */
export class BudgetRepository {
  constructor(private readonly db: PrismaClient) {}

  find(tenantId: string, tx: PrismaClient | Prisma.TransactionClient = this.db): Promise<BudgetRow | null> {
    return tx.billingBudget.findUnique({ where: { tenantId } });
  }

  upsert(tenantId: string, amountMinor: bigint, currency: string, thresholds: number[]): Promise<BudgetRow> {
    const data = { amountMinor, currency, thresholds };
    return this.db.billingBudget.upsert({ where: { tenantId }, create: { tenantId, ...data }, update: data });
  }

  /**
   * Raises an alert once per tenant, period and threshold (unique key + ON CONFLICT DO NOTHING)
   * inside the caller's transaction, and queues its e-mail in platform.notification_outbox in
   * the same transaction (as tenant alerts do). Returns whether it was new.
   */
  async raiseOnce(tx: Prisma.TransactionClient, a: NewBudgetAlert): Promise<boolean> {
    const created = await tx.$queryRaw<Array<{ id: string }>>`
      INSERT INTO billing.budget_alerts (id, tenant_id, period, threshold, budget_minor, spend_minor, currency, message)
      VALUES (gen_random_uuid(), ${a.tenantId}::uuid, ${a.period}, ${a.threshold}, ${a.budgetMinor}, ${a.spendMinor}, ${a.currency}, ${a.message})
      ON CONFLICT (tenant_id, period, threshold) DO NOTHING
      RETURNING id::text AS id`;
    if (!created.length) return false;
    await tx.notificationOutbox.create({
      data: {
        tenantId: a.tenantId,
        channel: 'EMAIL',
        recipient: a.recipient,
        template: 'billing.budget-threshold',
        subject: `Billing budget ${a.threshold}% reached for ${a.period}`,
        body: a.message,
        payload: {
          alertId: created[0].id, tenantId: a.tenantId, period: a.period, threshold: a.threshold,
          budgetMinor: a.budgetMinor.toString(), spendMinor: a.spendMinor.toString(), currency: a.currency,
        },
      },
    });
    return true;
  }

  async alerts(tenantId: string, period: string | undefined, skip: number, take: number) {
    const where = { tenantId, ...(period ? { period } : {}) };
    const [rows, total] = await Promise.all([
      this.db.billingAlert.findMany({ where, orderBy: [{ createdAt: 'desc' }, { threshold: 'desc' }], skip, take }),
      this.db.billingAlert.count({ where }),
    ]);
    return { rows, total };
  }
}
