import { DomainError } from '@dataplat/kit';
import { TenantError } from '../errors';

/** UTC calendar days and months of the cost endpoints (docs/tenant-costs.md "Dates"). */
export const DAY_MS = 86_400_000;

const invalid = (field: string, message: string) => new DomainError(TenantError.COST_QUERY_INVALID, message, { field });

/** `yyyy-MM-dd` as the UTC midnight starting that day; 400 DPF-TEN-105 otherwise. */
export function parseDay(field: string, text: string): Date {
  const t = text.trim();
  const d = new Date(`${t}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t) || Number.isNaN(d.getTime()) || dayKey(d) !== t) throw invalid(field, `${field} must be a date yyyy-MM-dd`);
  return d;
}

/** An optional day (default `fallback`). */
export function optionalDay(field: string, text: string | null | undefined, fallback: Date): Date {
  return text == null || text === '' ? fallback : parseDay(field, text);
}

/** `yyyy-MM` as the first day of that month (UTC); 400 otherwise. */
export function parseMonth(field: string, text: string): Date {
  const t = text.trim();
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(t)) throw invalid(field, `${field} must be a month yyyy-MM`);
  return new Date(`${t}-01T00:00:00.000Z`);
}

/** An integer within [min, max]; 400 otherwise. */
export function boundedInt(field: string, value: number | null | undefined, fallback: number, min: number, max: number): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < min || v > max) throw invalid(field, `${field} must be an integer from ${min} to ${max}`);
  return v;
}

/** The inclusive day range [start, end] of at most `maxDays` days; 400 when reversed or too long. */
export function dayRange(start: Date, end: Date, maxDays: number): { start: Date; end: Date } {
  if (start > end) throw invalid('startDate', 'startDate must not be after endDate');
  if (daysBetween(start, end) + 1 > maxDays) throw invalid('startDate', `The period must not be longer than ${maxDays} days`);
  return { start, end };
}

export const startOfDay = (d: Date): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
export const addDays = (d: Date, n: number): Date => new Date(d.getTime() + n * DAY_MS);
export const daysBetween = (a: Date, b: Date): number => Math.round((b.getTime() - a.getTime()) / DAY_MS);
export const dayKey = (d: Date): string => d.toISOString().slice(0, 10);
export const monthKey = (d: Date): string => d.toISOString().slice(0, 7);
export const startOfMonth = (d: Date): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
export const addMonths = (d: Date, n: number): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
export const daysInMonth = (d: Date): number => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();

/** Every day of [start, end], in order. */
export function eachDay(start: Date, end: Date): Date[] {
  const days: Date[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}
