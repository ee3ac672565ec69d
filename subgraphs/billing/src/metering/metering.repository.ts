import { Prisma, type PrismaClient } from '@dataplat/db';

export interface NewMeteringEvent {
  tenantId: string;
  eventId: string;
  meter: string;
  /** Decimal text. */
  quantity: string;
  occurredAt: Date;
  period: string;
  source: string;
  dimensions: Record<string, string>;
}

export interface MeteringEventRow {
  tenantId: string;
  eventId: string;
  meter: string;
  quantity: Prisma.Decimal;
  occurredAt: Date;
  period: string;
  source: string;
  dimensions: Prisma.JsonValue;
  acceptedAt: Date;
}

export interface MeterGroup {
  meter: string;
  quantity: Prisma.Decimal;
  eventCount: number;
  firstEventAt: Date | null;
  lastEventAt: Date | null;
}

/** billing.metering_events and billing.usage_aggregates. */
export class MeteringRepository {
  constructor(private readonly db: PrismaClient) {}

  /**
   * Accepts an event once per (tenant, eventId): INSERT ... ON CONFLICT DO NOTHING; a new event
   * adds to the period's aggregate and runs `afterCount` (the budget check) in the same
   * transaction. A transaction-scoped advisory lock per tenant and period serialises the
   * tenant's events, so the budget check always sees every counted event.
   */
  async accept(e: NewMeteringEvent, afterCount: (tx: Prisma.TransactionClient) => Promise<void>): Promise<{ row: MeteringEventRow; duplicate: boolean }> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`billing:${e.tenantId}:${e.period}`}, 0))`;
      const inserted = await tx.$queryRaw<MeteringEventRow[]>`
        INSERT INTO billing.metering_events (tenant_id, event_id, meter, quantity, occurred_at, period, source, dimensions)
        VALUES (${e.tenantId}::uuid, ${e.eventId}, ${e.meter}, ${e.quantity}::numeric, ${e.occurredAt}, ${e.period}, ${e.source}, ${JSON.stringify(e.dimensions)}::jsonb)
        ON CONFLICT (tenant_id, event_id) DO NOTHING
        RETURNING tenant_id AS "tenantId", event_id AS "eventId", meter, quantity, occurred_at AS "occurredAt", period, source, dimensions, accepted_at AS "acceptedAt"`;
      if (!inserted.length) {
        const original = await tx.meteringEvent.findUniqueOrThrow({ where: { tenantId_eventId: { tenantId: e.tenantId, eventId: e.eventId } } });
        return { row: original, duplicate: true };
      }
      await tx.$executeRaw`
        INSERT INTO billing.usage_aggregates (tenant_id, period, meter, quantity, event_count, updated_at)
        VALUES (${e.tenantId}::uuid, ${e.period}, ${e.meter}, ${e.quantity}::numeric, 1, now())
        ON CONFLICT (tenant_id, period, meter) DO UPDATE
        SET quantity = usage_aggregates.quantity + EXCLUDED.quantity, event_count = usage_aggregates.event_count + 1, updated_at = now()`;
      await afterCount(tx);
      return { row: inserted[0], duplicate: false };
    });
  }

  /** Per-meter totals of a tenant's events in a period (read from the events, indexed by tenant, period, meter). */
  async summary(tenantId: string, period: string): Promise<MeterGroup[]> {
    const groups = await this.db.meteringEvent.groupBy({
      by: ['meter'],
      where: { tenantId, period },
      _sum: { quantity: true },
      _count: { _all: true },
      _min: { occurredAt: true },
      _max: { occurredAt: true },
      orderBy: { meter: 'asc' },
    });
    return groups.map((g) => ({ meter: g.meter, quantity: g._sum.quantity ?? new Prisma.Decimal(0), eventCount: g._count._all, firstEventAt: g._min.occurredAt, lastEventAt: g._max.occurredAt }));
  }
}
