import type { PrismaClient } from '@dataplat/db';

/** A message another service queued in platform.notification_outbox, claimed for one attempt. */
export interface OutboxMessage {
  id: bigint;
  tenantId: string | null;
  /** EMAIL, WEBHOOK or CHAT (SMS rows are the SMS carrier's, not claimed here). */
  channel: string;
  recipient: string;
  template: string;
  subject: string;
  body: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
}

export interface OutboxOutcome {
  ok: boolean;
  error?: string;
  /** The next attempt on a retryable failure; null: give up (FAILED). Ignored on success. */
  nextAttemptAt: Date | null;
}

/** The channels this service delivers from the platform outbox. */
const RELAYED = ['EMAIL', 'WEBHOOK', 'CHAT'];

/**
 * The notification service's side of platform.notification_outbox: the transactional outbox
 * into which other services (identity's codes and links, tenant alerts, billing budgets) queue
 * messages in their own transactions. This service is its one consumer.
 */
export class PlatformOutboxRepository {
  constructor(private readonly db: PrismaClient) {}

  /** In how many ms the next PENDING row this service relays is due (≤ 0: now); null: none. */
  async dueInMs(): Promise<number | null> {
    const [row] = await this.db.$queryRaw<Array<{ ms: number | null }>>`
      SELECT (EXTRACT(EPOCH FROM min(next_attempt_at) - now()) * 1000)::float8 AS ms
        FROM platform.notification_outbox WHERE status = 'PENDING' AND channel = ANY(${RELAYED})`;
    return row?.ms ?? null;
  }

  /** Claims due rows under a lease (FOR UPDATE SKIP LOCKED: replicas never claim the same row). */
  async claimDue(batch: number, leaseSeconds: number): Promise<OutboxMessage[]> {
    const rows = await this.db.$queryRaw<Array<{ id: bigint; tenant_id: string | null; channel: string; recipient: string; template: string; subject: string; body: string; payload: Record<string, unknown>; attempts: number; created_at: Date }>>`
      UPDATE platform.notification_outbox o
         SET next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        FROM (SELECT id FROM platform.notification_outbox
               WHERE status = 'PENDING' AND channel = ANY(${RELAYED}) AND next_attempt_at <= now()
               ORDER BY next_attempt_at, id
               LIMIT ${batch}
                 FOR UPDATE SKIP LOCKED) due
       WHERE o.id = due.id
   RETURNING o.id, o.tenant_id::text AS tenant_id, o.channel, o.recipient, o.template, o.subject, o.body, o.payload, o.attempts, o.created_at`;
    return rows.map((r) => ({
      id: r.id, tenantId: r.tenant_id, channel: r.channel, recipient: r.recipient, template: r.template,
      subject: r.subject, body: r.body, payload: r.payload, attempts: r.attempts, createdAt: r.created_at,
    }));
  }

  /** The tenant's enabled channel a WEBHOOK (by URL) or CHAT (by name) row is addressed to. */
  channelFor(tenantId: string, kind: 'WEBHOOK' | 'CHAT', recipient: string) {
    const where = kind === 'WEBHOOK' ? { url: recipient } : { name: { equals: recipient.replace(/^[#@]/, ''), mode: 'insensitive' as const } };
    return this.db.notificationChannel.findFirst({ where: { tenantId, kind, enabled: true, ...where }, orderBy: { createdAt: 'asc' } });
  }

  async record(message: OutboxMessage, outcome: OutboxOutcome): Promise<void> {
    const attempts = message.attempts + 1;
    await this.db.notificationOutbox.update({
      where: { id: message.id },
      data: outcome.ok
        ? { status: 'SENT', sentAt: new Date(), attempts, lastError: null }
        : { status: outcome.nextAttemptAt ? 'PENDING' : 'FAILED', attempts, lastError: outcome.error?.slice(0, 500) ?? null, nextAttemptAt: outcome.nextAttemptAt ?? new Date() },
    });
  }
}
