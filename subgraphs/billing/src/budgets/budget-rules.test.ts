import { budgetStatus, crossedThresholds, percentUsed, validateBudget } from './budget-rules';

describe('budget thresholds', () => {
  it('crosses a threshold when spend reaches it exactly (integer comparison, no float)', () => {
    // budget 10,000 cents: 50 % = 5,000, 80 % = 8,000, 100 % = 10,000
    expect(crossedThresholds(4_999n, 10_000n, [50, 80, 100])).toEqual([]);
    expect(crossedThresholds(5_000n, 10_000n, [100, 50, 80])).toEqual([50]);
    expect(crossedThresholds(8_000n, 10_000n, [50, 80, 100])).toEqual([50, 80]);
    expect(crossedThresholds(12_000n, 10_000n, [50, 80, 100, 150])).toEqual([50, 80, 100]);
    // budget 3 cents, 50 %: 1.5 cents -> spend 1 is below, 2 is above
    expect(crossedThresholds(1n, 3n, [50])).toEqual([]);
    expect(crossedThresholds(2n, 3n, [50])).toEqual([50]);
  });

  it('reports status and percent used', () => {
    expect(budgetStatus(4_999n, 10_000n, [50, 80, 100])).toBe('OK');
    expect(budgetStatus(8_000n, 10_000n, [50, 80, 100])).toBe('WARNING');
    expect(budgetStatus(10_000n, 10_000n, [50, 80, 100])).toBe('EXCEEDED');
    // 1 / 3 = 33.333.. % -> 33.33; 2 / 3 = 66.666.. -> 66.67 (half up)
    expect(percentUsed(1n, 3n)).toBe(33.33);
    expect(percentUsed(2n, 3n)).toBe(66.67);
  });

  it('validates budgets', () => {
    expect(validateBudget(100, undefined)).toEqual([50, 80, 100]);
    expect(validateBudget(100, [100, 25])).toEqual([25, 100]);
    for (const [amount, t] of [[0, undefined], [1.5, undefined], [100, []], [100, [0]], [100, [50, 50]], [100, [1001]]] as const) {
      expect(() => validateBudget(amount, t as number[] | undefined)).toThrow(expect.objectContaining({ code: 'DPF-BIL-006' }));
    }
  });
});
