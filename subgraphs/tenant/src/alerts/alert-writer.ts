import { Prisma } from '@dataplat/db';

/** Statuses in which an alert is still open: a new one for the same cause is not raised. */
export const OPEN_STATUSES = ['ACTIVE', 'ACKNOWLEDGED', 'SUPPRESSED'];

export interface NewAlert {
  tenantId: string;
  source: 'QUOTA_SOFT_LIMIT' | 'QUOTA_HARD_LIMIT' | 'QUOTA_REFUSED' | 'RULE';
  resourceType: string;
  severity: string;
  message: string;
  currentValue: number;
  threshold: number;
  ruleId?: string;
  /** Outbox rows: `EMAIL`, `WEBHOOK` or `CHAT` with a recipient. */
  notify: { channel: string; recipient: string }[];
}

/**
 * Raises an alert inside the caller's transaction unless one for the same cause (tenant,
 * source, resource type, rule) is still open, and queues its notifications in
 * platform.notification_outbox in the same transaction. A transaction-scoped advisory lock
 * on the cause serialises concurrent raisers, so concurrent usage records raise one alert.
 * Returns the alert id, or null when an open one already existed.
 */
export async function raiseAlert(tx: Prisma.TransactionClient, a: NewAlert): Promise<string | null> {
  const cause = `alert:${a.tenantId}:${a.source}:${a.resourceType}:${a.ruleId ?? ''}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${cause}, 0))`;
  const open = await tx.tenantAlert.findFirst({
    where: { tenantId: a.tenantId, source: a.source, resourceType: a.resourceType, ruleId: a.ruleId ?? null, status: { in: OPEN_STATUSES } },
    select: { id: true },
  });
  if (open) return null;
  const alert = await tx.tenantAlert.create({
    data: {
      tenantId: a.tenantId, source: a.source, resourceType: a.resourceType, severity: a.severity, message: a.message,
      currentValue: a.currentValue, threshold: a.threshold, ruleId: a.ruleId ?? null,
    },
  });
  if (a.notify.length) {
    await tx.notificationOutbox.createMany({
      data: a.notify.map((n) => ({
        tenantId: a.tenantId,
        channel: n.channel,
        recipient: n.recipient,
        template: 'tenant.alert-raised',
        subject: `[${a.severity}] ${a.resourceType} alert`,
        body: a.message,
        payload: { alertId: alert.id, tenantId: a.tenantId, source: a.source, resourceType: a.resourceType, severity: a.severity, currentValue: a.currentValue, threshold: a.threshold, ruleId: a.ruleId ?? null } as Prisma.InputJsonValue,
      })),
    });
  }
  return alert.id;
}
