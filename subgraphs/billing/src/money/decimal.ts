import { DomainError } from '@dataplat/kit';
import { BillingError } from '../errors';

/**
 * Fixed-point decimals as scaled BigInts: never floating point. Quantities carry 6 decimal
 * places (QTY_SCALE), unit prices 12 (PRICE_SCALE, sub-cent prices such as a price per byte).
 */
export const QTY_SCALE = 6;
export const PRICE_SCALE = 12;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * `"12.5"` at scale 6 -> 12500000n. Accepts a non-negative decimal string or a finite number
 * (as JSON sends it); more than `scale` decimals or more than `maxIntDigits` integer digits is
 * refused with BILLING_QUANTITY_INVALID.
 */
export function parseDecimal(value: unknown, scale: number, maxIntDigits = 18): bigint {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? numberText(value) : '') : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m || m[1].replace(/^0+(?=\d)/, '').length > maxIntDigits || (m[2] ?? '').length > scale) {
    throw new DomainError(BillingError.QUANTITY_INVALID, `Not a non-negative decimal with at most ${scale} decimal places: ${String(value).slice(0, 40)}`);
  }
  return BigInt(m[1]) * pow10(scale) + BigInt((m[2] ?? '').padEnd(scale, '0') || '0');
}

/** A JS number as plain decimal text (no exponent): 1e-7 -> "0.0000001". */
function numberText(n: number): string {
  return /e/i.test(String(n)) ? n.toFixed(20).replace(/\.?0+$/, '') : String(n);
}

/** 12500000n at scale 6 -> "12.5" (trailing zeros dropped). */
export function formatDecimal(value: bigint, scale: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const int = abs / pow10(scale);
  const frac = (abs % pow10(scale)).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * quantity (scale 6) x unit price (scale 12, minor units) -> integer minor units, rounded
 * half up (the product has 18 decimals; adding half of 10^18 before the division rounds
 * .5 and above up). Both factors are non-negative.
 */
export function amountHalfUp(quantity: bigint, unitPrice: bigint): bigint {
  const exact = quantity * unitPrice;
  const unit = pow10(QTY_SCALE + PRICE_SCALE);
  return (exact + unit / 2n) / unit;
}

/** A Prisma Decimal (or anything printing as a decimal) at `scale`. */
export const fromDb = (value: { toFixed(dp: number): string } | string, scale: number): bigint =>
  parseDecimal(typeof value === 'string' ? value : value.toFixed(scale), scale, 30);

/** Minor units as a GraphQL SafeInt (refuses amounts beyond 2^53, which no invoice reaches). */
export function toSafe(minor: bigint): number {
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount out of range');
  return Number(minor);
}
