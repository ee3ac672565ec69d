/** A JSON object (chart values). */
export type Values = { [key: string]: unknown };

export const isPlainObject = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Helm's values coalescing: `override` deep-merged over `base`. Objects merge key by key
 * recursively; arrays and scalars in the override replace; a `null` in the override deletes the
 * key. Neither argument is modified; the result shares no objects with them.
 */
export function deepMerge(base: Values, override: Values): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(base)) if (v !== null) out[k] = clone(v);
  for (const [k, v] of Object.entries(override)) {
    if (v === null) delete out[k];
    else if (isPlainObject(v) && isPlainObject(out[k])) out[k] = deepMerge(out[k] as Values, v);
    else out[k] = stripNulls(v);
  }
  return out;
}

function clone(v: unknown): unknown {
  return v === undefined ? v : JSON.parse(JSON.stringify(v));
}

/** A null nested in a replaced object means "no such key" as well. */
function stripNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => (isPlainObject(x) ? stripNulls(x) : clone(x)));
  if (!isPlainObject(v)) return v;
  const out: Values = {};
  for (const [k, x] of Object.entries(v)) if (x !== null) out[k] = stripNulls(x);
  return out;
}

/** JSON with object keys sorted at every level: the same values always give the same text. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isPlainObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`).join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** Nesting depth of a JSON value (a scalar is 0, `{}` and `[]` are 1). */
export function jsonDepth(v: unknown): number {
  if (Array.isArray(v)) return 1 + v.reduce<number>((m, x) => Math.max(m, jsonDepth(x)), 0);
  if (isPlainObject(v)) return 1 + Object.values(v).reduce<number>((m, x) => Math.max(m, jsonDepth(x)), 0);
  return 0;
}
