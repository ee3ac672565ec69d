import { parseDecimal, PRICE_SCALE, QTY_SCALE } from '../money/decimal';
import { computeCharges, type PlanPrice } from './pricing';

const q = (s: string) => parseDecimal(s, QTY_SCALE);
const p = (s: string) => parseDecimal(s, PRICE_SCALE);

/** The seeded STARTER plan (prisma/migrations/..._billing/migration.sql). */
const STARTER: PlanPrice = {
  id: 'STARTER', name: 'Starter', currency: 'USD', monthlyFeeMinor: 4900n,
  meters: [
    { meter: 'api_calls', unit: 'calls', included: q('1000000'), unitPrice: p('0.008') },
    { meter: 'storage_gb_hours', unit: 'GB-hours', included: q('7200'), unitPrice: p('0.015') },
    { meter: 'compute_core_hours', unit: 'core-hours', included: q('100'), unitPrice: p('4') },
    { meter: 'ingested_events', unit: 'events', included: q('10000000'), unitPrice: p('0.00008') },
    { meter: 'query_bytes_scanned', unit: 'bytes', included: q('1000000000000'), unitPrice: p('0.0000000004') },
  ],
};

describe('invoice computation', () => {
  it('charges the base fee alone when usage stays within the included quantities', () => {
    const c = computeCharges(STARTER, new Map([['api_calls', q('999999')]]), 't');
    expect(c.lines).toHaveLength(6);
    expect(c.lines.map((l) => l.amount)).toEqual([4900n, 0n, 0n, 0n, 0n, 0n]);
    expect(c.subtotal).toBe(4900n);
    expect(c.tax).toBe(0n);
    expect(c.total).toBe(4900n);
  });

  it('bills usage beyond the included quantities, rounding half up per line (hand-checked)', () => {
    const usage = new Map([
      ['api_calls', q('1250000')], //        billable 250,000 x 0.008 = 2000 cents exactly
      ['storage_gb_hours', q('7300.5')], //  billable 100.5 x 0.015 = 1.5075 -> 2 cents
      ['compute_core_hours', q('112.25')], // billable 12.25 x 4 = 49 cents
      ['ingested_events', q('10006250')], // billable 6,250 x 0.00008 = 0.5 -> 1 cent (half up)
      ['query_bytes_scanned', q('2500000000000')], // billable 1.5e12 x 0.0000000004 = 600 cents
    ]);
    const c = computeCharges(STARTER, usage, 't');
    expect(c.lines.map((l) => [l.meter, l.billable, l.amount])).toEqual([
      [null, q('1'), 4900n],
      ['api_calls', q('250000'), 2000n],
      ['storage_gb_hours', q('100.5'), 2n],
      ['compute_core_hours', q('12.25'), 49n],
      ['ingested_events', q('6250'), 1n],
      ['query_bytes_scanned', q('1500000000000'), 600n],
    ]);
    // 4900 + 2000 + 2 + 49 + 1 + 600 = 7552
    expect(c.subtotal).toBe(7552n);
    expect(c.total).toBe(7552n);
  });

  it('rounds per line, not on the sum: three lines of 0.5 cents make 3 cents, not 2', () => {
    const plan: PlanPrice = {
      id: 'X', name: 'X', currency: 'USD', monthlyFeeMinor: 0n,
      meters: ['a', 'b', 'c'].map((meter) => ({ meter, unit: 'u', included: 0n, unitPrice: p('0.5') })),
    };
    // each 1 x 0.5 = 0.5 -> 1; sum of exact amounts would be 1.5 -> 2
    const c = computeCharges(plan, new Map([['a', q('1')], ['b', q('1')], ['c', q('1')]]), 't');
    expect(c.subtotal).toBe(3n);
  });

  it('adds tax from the tax hook to the subtotal', () => {
    const tenPercent = { tax: (subtotal: bigint) => (subtotal * 10n + 50n) / 100n };
    const c = computeCharges(STARTER, new Map([['compute_core_hours', q('101')]]), 't', tenPercent);
    // 4900 + 1 x 4 = 4904; tax 490.4 -> 490; total 5394
    expect([c.subtotal, c.tax, c.total]).toEqual([4904n, 490n, 5394n]);
  });
});
