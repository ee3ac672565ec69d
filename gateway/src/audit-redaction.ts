/**
 * What the audit plugin keeps of a mutation's arguments and result (docs/audit-service.md
 * "What is recorded"): secrets never, long values cut, nested objects bounded.
 */

/** Names of values never recorded: passwords, secrets, tokens, codes, keys, OTPs, assertions. */
const SENSITIVE = /(pass(word|phrase)?|secret|token|(^|[^a-z])code|code$|codes|(^|[^a-z])key$|apikey|privatekey|otp|totp|pin$|credential|assertion|samlresponse|signature|authorization|cookie|recovery|verifier)/i;

export const REDACTED = '[REDACTED]';
const MAX_STRING = 512;
const MAX_ITEMS = 50;
const MAX_DEPTH = 6;

/** True when a field or variable with this name may hold a secret (its value is not kept). */
export function isSensitiveName(name: string): boolean {
  return SENSITIVE.test(name) || SENSITIVE.test(name.replace(/[_-]/g, ''));
}

/**
 * A copy of `value` fit for the audit log: the value of every key that looks sensitive is
 * replaced by "[REDACTED]" (at any depth, also inside arrays), strings are cut to 512
 * characters, arrays to 50 items, nesting to 6 levels. Characters PostgreSQL cannot store
 * (NUL) are left to the intake writer, which replaces and flags them (audit-storable.ts).
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined) continue;
      out[cut(k)] = isSensitiveName(k) ? REDACTED : redact(v, depth + 1);
    }
    return out;
  }
  return String(value);
}

/** The scalar fields of a result object (redacted), the cheap "after" image of a change. */
export function scalarFields(result: unknown): Record<string, unknown> | null {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(result as Record<string, unknown>)) {
    if (v !== null && typeof v === 'object') continue;
    out[k] = isSensitiveName(k) ? REDACTED : redact(v);
  }
  return out;
}

/** Cut to MAX_STRING code units, never between the two halves of a surrogate pair (NUL and the like are the intake writer's, see audit-storable.ts). */
function cut(s: string): string {
  if (s.length <= MAX_STRING) return s;
  const end = /[\ud800-\udbff]/.test(s[MAX_STRING - 1]) ? MAX_STRING - 1 : MAX_STRING;
  return `${s.slice(0, end)}…`;
}
