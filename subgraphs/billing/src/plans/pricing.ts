import { amountHalfUp, PRICE_SCALE, QTY_SCALE } from '../money/decimal';

/** The metered dimensions and their units (docs/billing-service.md "Meters"). */
export const METERS: Readonly<Record<string, string>> = {
  api_calls: 'calls',
  storage_gb_hours: 'GB-hours',
  compute_core_hours: 'core-hours',
  ingested_events: 'events',
  query_bytes_scanned: 'bytes',
};

export interface MeterPrice {
  meter: string;
  unit: string;
  /** Free units per period, scale 6. */
  included: bigint;
  /** Minor units per unit, scale 12. */
  unitPrice: bigint;
}

export interface PlanPrice {
  id: string;
  name: string;
  currency: string;
  monthlyFeeMinor: bigint;
  meters: MeterPrice[];
}

export interface ChargeLine {
  position: number;
  kind: 'BASE_FEE' | 'USAGE';
  meter: string | null;
  description: string;
  unit: string;
  /** Scale 6. */
  quantity: bigint;
  included: bigint;
  billable: bigint;
  /** Scale 12, minor units. */
  unitPrice: bigint;
  /** Integer minor units. */
  amount: bigint;
}

export interface Charges {
  currency: string;
  lines: ChargeLine[];
  subtotal: bigint;
  tax: bigint;
  total: bigint;
}

/**
 * The tax hook: tax in minor units on a subtotal. The platform charges no tax (ZERO_TAX); a
 * jurisdiction-aware policy replaces it without touching the invoice computation.
 */
export interface TaxPolicy {
  tax(subtotal: bigint, currency: string, tenantId: string): bigint;
}
export const ZERO_TAX: TaxPolicy = { tax: () => 0n };

const ONE = 10n ** BigInt(QTY_SCALE);

/**
 * A period's charges: the base fee, then one line per meter of the plan (in plan order, also
 * when unused): billable = max(0, quantity - included), amount = billable x unit price rounded
 * half up per line to minor units. subtotal = sum of lines; total = subtotal + tax.
 */
export function computeCharges(plan: PlanPrice, usage: ReadonlyMap<string, bigint>, tenantId: string, taxPolicy: TaxPolicy = ZERO_TAX): Charges {
  const lines: ChargeLine[] = [
    {
      position: 0, kind: 'BASE_FEE', meter: null, description: `${plan.name} plan monthly fee`, unit: 'month',
      quantity: ONE, included: 0n, billable: ONE, unitPrice: plan.monthlyFeeMinor * 10n ** BigInt(PRICE_SCALE), amount: plan.monthlyFeeMinor,
    },
  ];
  for (const m of plan.meters) {
    const quantity = usage.get(m.meter) ?? 0n;
    const billable = quantity > m.included ? quantity - m.included : 0n;
    lines.push({
      position: lines.length, kind: 'USAGE', meter: m.meter, description: `${m.meter} beyond the included quantity`, unit: m.unit,
      quantity, included: m.included, billable, unitPrice: m.unitPrice, amount: amountHalfUp(billable, m.unitPrice),
    });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0n);
  const tax = taxPolicy.tax(subtotal, plan.currency, tenantId);
  return { currency: plan.currency, lines, subtotal, tax, total: subtotal + tax };
}
