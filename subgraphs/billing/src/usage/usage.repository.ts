import type { Prisma, PrismaClient } from '@dataplat/db';
import { fromDb, QTY_SCALE } from '../money/decimal';

type Reader = PrismaClient | Prisma.TransactionClient;

export interface AggregateRow {
  tenantId: string;
  meter: string;
  quantity: bigint;
  eventCount: number;
}

/** billing.usage_aggregates: usage per tenant, period and meter (kept by the metering transaction). */
export class UsageRepository {
  constructor(private readonly db: PrismaClient) {}

  /** A tenant's usage in a period, per meter (scale 6); `tx` reads inside a transaction. */
  async byMeter(tenantId: string, period: string, tx: Reader = this.db): Promise<Map<string, bigint>> {
    const rows = await tx.usageAggregate.findMany({ where: { tenantId, period } });
    return new Map(rows.map((r) => [r.meter, fromDb(r.quantity, QTY_SCALE)]));
  }

  /** Every tenant's usage in a period. */
  async ofPeriod(period: string): Promise<AggregateRow[]> {
    const rows = await this.db.usageAggregate.findMany({ where: { period }, orderBy: [{ tenantId: 'asc' }, { meter: 'asc' }] });
    return rows.map((r) => ({ tenantId: r.tenantId, meter: r.meter, quantity: fromDb(r.quantity, QTY_SCALE), eventCount: r.eventCount }));
  }

  async eventCounts(tenantId: string, period: string): Promise<Map<string, number>> {
    const rows = await this.db.usageAggregate.findMany({ where: { tenantId, period }, select: { meter: true, eventCount: true } });
    return new Map(rows.map((r) => [r.meter, r.eventCount]));
  }
}
