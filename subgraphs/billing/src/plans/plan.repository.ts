import type { PrismaClient } from '@dataplat/db';
import { formatDecimal, fromDb, PRICE_SCALE, QTY_SCALE, toSafe } from '../money/decimal';
import type { Plan } from './plan.type';
import type { PlanPrice } from './pricing';

const INCLUDE = { meters: { orderBy: { meter: 'asc' as const } } };
type PlanRow = Awaited<ReturnType<PrismaClient['billingPlan']['findFirstOrThrow']>> & {
  meters: Array<{ meter: string; unit: string; includedQuantity: { toFixed(dp: number): string }; unitPriceMinor: { toFixed(dp: number): string } }>;
};

/** Stored plans as prices (BigInt fixed point) and as API objects. */
export const toPrice = (row: PlanRow): PlanPrice => ({
  id: row.id, name: row.name, currency: row.currency, monthlyFeeMinor: row.monthlyFeeMinor,
  meters: row.meters.map((m) => ({ meter: m.meter, unit: m.unit, included: fromDb(m.includedQuantity, QTY_SCALE), unitPrice: fromDb(m.unitPriceMinor, PRICE_SCALE) })),
});

export const toPlan = (row: PlanRow): Plan => {
  const price = toPrice(row);
  return {
    id: row.id, name: row.name, description: row.description, currency: row.currency, monthlyFeeMinor: toSafe(row.monthlyFeeMinor),
    meters: price.meters.map((m) => ({ meter: m.meter, unit: m.unit, includedQuantity: formatDecimal(m.included, QTY_SCALE), unitPriceMinor: formatDecimal(m.unitPrice, PRICE_SCALE) })),
  };
};

/** billing.plans and billing.plan_meters (seeded by the migration; not tenant data). */
export class PlanRepository {
  constructor(private readonly db: PrismaClient) {}

  async list(): Promise<PlanRow[]> {
    return (await this.db.billingPlan.findMany({ include: INCLUDE, orderBy: { monthlyFeeMinor: 'asc' } })) as PlanRow[];
  }

  async find(id: string): Promise<PlanRow | null> {
    return (await this.db.billingPlan.findUnique({ where: { id }, include: INCLUDE })) as PlanRow | null;
  }
}
