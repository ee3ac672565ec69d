import type { Prisma } from '@dataplat/db';

export interface OutboxMessage {
  tenantId?: string | null;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  template: string;
  subject: string;
  body: string;
  payload?: Record<string, unknown>;
}

/**
 * Queues a message in platform.notification_outbox inside the caller's transaction, so a
 * message exists exactly when the change that caused it committed.
 */
export async function enqueue(tx: Prisma.TransactionClient, m: OutboxMessage): Promise<void> {
  await tx.notificationOutbox.create({
    data: {
      tenantId: m.tenantId ?? null,
      channel: m.channel,
      recipient: m.recipient,
      template: m.template,
      subject: m.subject,
      body: m.body,
      payload: (m.payload ?? {}) as Prisma.InputJsonValue,
    },
  });
}
