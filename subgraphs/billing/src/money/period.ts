import { DomainError } from '@dataplat/kit';
import { BillingError } from '../errors';

/** A billing period: a calendar month in UTC, `YYYY-MM`, [start, end). */
export interface Period {
  period: string;
  start: Date;
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const periodOf = (at: Date): string => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;

/** `2026-11` -> its bounds; anything else (`2026-13`, `2026-1`, `26-11`) is a 400. */
export function parsePeriod(text: string): Period {
  const m = /^(\d{4})-(\d{2})$/.exec(text.trim());
  const year = m ? Number(m[1]) : 0;
  const month = m ? Number(m[2]) : 0;
  if (!m || month < 1 || month > 12 || year < 2000) throw new DomainError(BillingError.PERIOD_INVALID, `Not a billing period YYYY-MM: ${text.slice(0, 20)}`);
  return { period: `${year}-${pad(month)}`, start: new Date(Date.UTC(year, month - 1, 1)), end: new Date(Date.UTC(year, month, 1)) };
}

/** The given period, or the current one (UTC) when none is given. */
export const periodOrCurrent = (text: string | null | undefined, now = new Date()): Period => parsePeriod(text ?? periodOf(now));
