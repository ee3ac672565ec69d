import type { Prisma, PrismaClient } from '@dataplat/db';
import type { DeliveryPayload } from './senders';

export type DeliveryRow = Prisma.NotificationDeliveryGetPayload<object>;
export type AttemptRow = Prisma.NotificationDeliveryAttemptGetPayload<object>;
export type ChannelRow = Prisma.NotificationChannelGetPayload<object>;

export interface ClaimedDelivery {
  id: bigint;
  tenantId: string;
  channelId: string;
  payload: DeliveryPayload;
  attempts: number;
}

export interface AttemptRecord {
  ok: boolean;
  responseCode?: number;
  latencyMs: number;
  error?: string;
  /** Set on success; the next attempt time on a retryable failure; null: give up (FAILED). */
  nextAttemptAt: Date | null;
}

/** The only Prisma caller for the delivery outbox. */
export class DeliveryRepository {
  constructor(private readonly db: PrismaClient) {}

  /** In how many ms the next PENDING delivery is due (≤ 0: now); null: none. */
  async dueInMs(): Promise<number | null> {
    const [row] = await this.db.$queryRaw<Array<{ ms: number | null }>>`
      SELECT (EXTRACT(EPOCH FROM min(next_attempt_at) - now()) * 1000)::float8 AS ms FROM notification.deliveries WHERE status = 'PENDING'`;
    return row?.ms ?? null;
  }

  /**
   * Claims up to `batch` due deliveries: their next attempt moves `leaseSeconds` ahead (so a
   * dispatcher that dies mid-send leaves them to be retried), under FOR UPDATE SKIP LOCKED so
   * that concurrent dispatchers never claim the same row.
   */
  async claimDue(batch: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
    const rows = await this.db.$queryRaw<Array<{ id: bigint; tenant_id: string; channel_id: string; payload: DeliveryPayload; attempts: number }>>`
      UPDATE notification.deliveries d
         SET next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        FROM (SELECT id FROM notification.deliveries
               WHERE status = 'PENDING' AND next_attempt_at <= now()
               ORDER BY next_attempt_at, id
               LIMIT ${batch}
                 FOR UPDATE SKIP LOCKED) due
       WHERE d.id = due.id
   RETURNING d.id, d.tenant_id::text AS tenant_id, d.channel_id::text AS channel_id, d.payload, d.attempts`;
    return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, channelId: r.channel_id, payload: r.payload, attempts: r.attempts }));
  }

  channel(tenantId: string, id: string): Promise<ChannelRow | null> {
    return this.db.notificationChannel.findFirst({ where: { tenantId, id } });
  }

  /** Records one attempt and its outcome on the delivery, in one transaction. */
  async record(delivery: ClaimedDelivery, outcome: AttemptRecord): Promise<void> {
    const attempt = delivery.attempts + 1;
    const error = outcome.error?.slice(0, 1000) ?? null;
    await this.db.$transaction([
      this.db.notificationDeliveryAttempt.create({
        data: { deliveryId: delivery.id, attempt, status: outcome.ok ? 'SUCCEEDED' : 'FAILED', responseCode: outcome.responseCode ?? null, latencyMs: outcome.latencyMs, error },
      }),
      this.db.notificationDelivery.update({
        where: { id: delivery.id },
        data: outcome.ok
          ? { attempts: attempt, status: 'DELIVERED', deliveredAt: new Date(), lastError: null }
          : { attempts: attempt, status: outcome.nextAttemptAt ? 'PENDING' : 'FAILED', lastError: error, ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}) },
      }),
    ]);
  }

  /** Gives a delivery up without an attempt (its channel is gone or disabled). */
  async abandon(id: bigint, reason: string): Promise<void> {
    await this.db.notificationDelivery.updateMany({ where: { id, status: 'PENDING' }, data: { status: 'FAILED', lastError: reason } });
  }
}
