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
 * characters and cleared of NUL, arrays to 50 items, nesting to 6 levels.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return clean(value);
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
      out[clean(k)] = isSensitiveName(k) ? REDACTED : redact(v, depth + 1);
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

function clean(s: string): string {
  // PostgreSQL text and jsonb cannot hold NUL.
  const noNul = s.includes('\u0000') ? s.replace(/\u0000/g, '') : s;
  return noNul.length > MAX_STRING ? `${noNul.slice(0, MAX_STRING)}…` : noNul;
}
