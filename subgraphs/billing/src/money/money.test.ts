import { amountHalfUp, formatDecimal, parseDecimal, PRICE_SCALE, QTY_SCALE } from './decimal';
import { parsePeriod, periodOf } from './period';

describe('fixed-point decimals', () => {
  it('parses strings and JSON numbers exactly, refusing more decimals than the scale', () => {
    expect(parseDecimal('12.5', 6)).toBe(12_500_000n);
    expect(parseDecimal(0.1, 6)).toBe(100_000n);
    expect(parseDecimal('0.000000000500', 12)).toBe(500n);
    expect(parseDecimal(1e-6, 6)).toBe(1n);
    expect(formatDecimal(12_500_000n, 6)).toBe('12.5');
    expect(formatDecimal(3n, 6)).toBe('0.000003');
    expect(formatDecimal(0n, 6)).toBe('0');
    for (const bad of ['-1', '1.0000001', 'abc', '', '1e3', 1.5e-7, Number.NaN, '1234567890123456789']) {
      expect(() => parseDecimal(bad, 6)).toThrow(expect.objectContaining({ code: 'DPF-BIL-008' }));
    }
  });

  it('rounds each amount half up to whole minor units', () => {
    const q = (s: string) => parseDecimal(s, QTY_SCALE);
    const p = (s: string) => parseDecimal(s, PRICE_SCALE);
    // 3 x 0.5 = 1.5 cents -> 2
    expect(amountHalfUp(q('3'), p('0.5'))).toBe(2n);
    // 1 x 0.49 = 0.49 -> 0
    expect(amountHalfUp(q('1'), p('0.49'))).toBe(0n);
    // 2.5 x 0.999999 = 2.4999975 -> 2
    expect(amountHalfUp(q('2.5'), p('0.999999'))).toBe(2n);
    // 0.000001 x 500000 = 0.5 -> 1 (exactly half goes up)
    expect(amountHalfUp(q('0.000001'), p('500000'))).toBe(1n);
    // 1,000,000,000,000 bytes x 0.0000000005 cents = 500 cents
    expect(amountHalfUp(q('1000000000000'), p('0.0000000005'))).toBe(500n);
    // 150,001 calls x 0.01 cents = 1500.01 -> 1500
    expect(amountHalfUp(q('150001'), p('0.01'))).toBe(1500n);
    // 150,050 calls x 0.01 cents = 1500.5 -> 1501
    expect(amountHalfUp(q('150050'), p('0.01'))).toBe(1501n);
  });
});

describe('billing periods', () => {
  it('are calendar months in UTC', () => {
    expect(periodOf(new Date('2026-10-31T23:59:59.999Z'))).toBe('2026-10');
    expect(periodOf(new Date('2026-11-01T00:00:00Z'))).toBe('2026-11');
    const dec = parsePeriod('2026-12');
    expect(dec.start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(dec.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    for (const bad of ['2026-13', '2026-00', '2026-1', 'nov', '1999-01']) expect(() => parsePeriod(bad)).toThrow(expect.objectContaining({ code: 'DPF-BIL-009' }));
  });
});
