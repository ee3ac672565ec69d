import { DomainError } from '@dataplat/kit';
import { BillingError } from '../errors';

export const DEFAULT_THRESHOLDS = [50, 80, 100];

/**
 * Thresholds (percent of the budget) the spend has reached: spend / budget >= t / 100,
 * compared in integers (spend x 100 >= t x budget), ascending.
 */
export function crossedThresholds(spendMinor: bigint, budgetMinor: bigint, thresholds: number[]): number[] {
  return [...thresholds].sort((a, b) => a - b).filter((t) => spendMinor * 100n >= BigInt(t) * budgetMinor);
}

/** OK below every threshold, WARNING at a threshold under 100 %, EXCEEDED at or above the budget. */
export function budgetStatus(spendMinor: bigint, budgetMinor: bigint, thresholds: number[]): 'OK' | 'WARNING' | 'EXCEEDED' {
  if (spendMinor >= budgetMinor) return 'EXCEEDED';
  return crossedThresholds(spendMinor, budgetMinor, thresholds).length ? 'WARNING' : 'OK';
}

/** Percent used with two decimals, rounded half up (display only, never used for money). */
export function percentUsed(spendMinor: bigint, budgetMinor: bigint): number {
  return Number((spendMinor * 10_000n + budgetMinor / 2n) / budgetMinor) / 100;
}

/** A budget as set: positive whole minor units, 1 to 10 distinct thresholds of 1 to 1000 %. */
export function validateBudget(amountMinor: number, thresholds: number[] | undefined): number[] {
  const invalid = (field: string, reason: string) => new DomainError(BillingError.BUDGET_INVALID, `${field}: ${reason}`, { field, reason });
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 1) throw invalid('amountMinor', 'must be a positive whole number of minor units');
  const list = thresholds ?? DEFAULT_THRESHOLDS;
  if (list.length < 1 || list.length > 10) throw invalid('thresholds', 'between 1 and 10 thresholds');
  if (list.some((t) => !Number.isInteger(t) || t < 1 || t > 1000)) throw invalid('thresholds', 'each a whole percent between 1 and 1000');
  if (new Set(list).size !== list.length) throw invalid('thresholds', 'thresholds must be distinct');
  return [...list].sort((a, b) => a - b);
}
