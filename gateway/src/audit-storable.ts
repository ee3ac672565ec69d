import { inspect } from 'node:util';
import type { Prisma } from '@dataplat/db';
import type { AuditRecord } from '@dataplat/kit';

/**
 * What the audit intake can store of a record (docs/audit-service.md "Dead letters"):
 * PostgreSQL refuses NUL in text and `\u0000` in jsonb, and jsonb refuses lone UTF-16
 * surrogates. Such characters come straight from clients (a NUL in a login e-mail, `%00` in
 * a path id), so they are replaced by U+FFFD and the record says which fields were changed
 * (`details.sanitised`): the record still enters the chain, as evidence of what was tried.
 */

/** NUL, or a UTF-16 surrogate without its partner. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const REPLACEMENT = '\ufffd';

/** `s` with every character PostgreSQL text/jsonb cannot hold replaced by U+FFFD. */
export function storableText(s: string): string {
  return s.replace(UNSTORABLE, REPLACEMENT);
}

export type IntakeRow = Prisma.AuditIntakeCreateManyInput;

/**
 * The intake row of a record, every string (also in arrays and in `details`, keys included)
 * made storable; `sanitised` names the top-level fields that had to change (also recorded
 * in the row's `details.sanitised`).
 */
export function storableRecord(record: AuditRecord): { row: IntakeRow; sanitised: string[] } {
  const changed = new Set<string>();
  const row = {} as Record<string, unknown>;
  for (const [field, value] of Object.entries(record)) row[field] = storableValue(value, () => changed.add(field));
  const sanitised = [...changed];
  const details = (row.details ?? {}) as Record<string, unknown>;
  return { row: { ...(row as unknown as IntakeRow), details: (sanitised.length ? { ...details, sanitised } : details) as Prisma.InputJsonObject }, sanitised };
}

function storableValue(value: unknown, onChange: () => void): unknown {
  if (typeof value === 'string') {
    const s = storableText(value);
    if (s !== value) onChange();
    return s;
  }
  if (Array.isArray(value)) return value.map((v) => storableValue(v, onChange));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[storableValue(k, onChange) as string] = storableValue(v, onChange);
    return out;
  }
  return value;
}

/** SQLSTATE classes of a refusal caused by the row itself: data exception, integrity constraint violation, program limit exceeded. */
const ROW_SQLSTATE = /^(22|23|54)/;

/**
 * True when the database (or Prisma's validation before it) refused the data itself: writing
 * the same record again can never succeed, so it is set aside. Anything else (connection
 * lost, timeouts, too many connections, a missing table or privilege) is the database's
 * state, not the record's: retried with backoff.
 */
export function isRecordError(e: unknown): boolean {
  const err = e as { name?: string; cause?: { originalCode?: unknown }; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | undefined;
  if (err?.name === 'PrismaClientValidationError') return true;
  const sqlState = err?.cause?.originalCode ?? err?.meta?.driverAdapterError?.cause?.originalCode;
  return typeof sqlState === 'string' && ROW_SQLSTATE.test(sqlState);
}

/** SQLSTATE or Prisma code of an error, when it has one. */
export function errorCodeOf(e: unknown): string | null {
  const err = e as { code?: unknown; cause?: { originalCode?: unknown }; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | undefined;
  const code = err?.cause?.originalCode ?? err?.meta?.driverAdapterError?.cause?.originalCode ?? err?.code;
  return typeof code === 'string' ? code : null;
}

/** A short, storable description of an error: the last line of its message (Prisma puts the reason there). */
export function errorMessageOf(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return storableText(message.trim().split('\n').filter(Boolean).pop() ?? message).slice(0, 2000);
}

/** The dead-letter row of a refused record: always storable (plain text only, JSON escapes NUL). */
export function deadLetterRow(record: AuditRecord, cause: unknown): Prisma.AuditIntakeDeadLetterCreateInput {
  const text = (v: unknown) => (typeof v === 'string' ? storableText(v).slice(0, 200) : null);
  const occurredAt = record.occurredAt instanceof Date && Number.isFinite(record.occurredAt.getTime()) ? record.occurredAt : null;
  return {
    eventId: text(record.eventId),
    tenantId: text(record.tenantId),
    action: text(record.action),
    occurredAt,
    record: recordJson(record),
    error: errorMessageOf(cause),
    errorCode: errorCodeOf(cause),
  };
}

/** The record as JSON text (bigint as decimal); a record JSON cannot express is kept as inspect() output. */
function recordJson(record: AuditRecord): string {
  try {
    return storableText(JSON.stringify(record, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
  } catch {
    return storableText(inspect(record, { depth: 8, breakLength: Infinity }));
  }
}
