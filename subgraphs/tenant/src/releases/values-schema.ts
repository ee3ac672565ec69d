import { isPlainObject } from './deep-merge';

/**
 * The subset of JSON Schema that chart value schemas (values.schema.json) use here: type
 * (object, array, string, integer, number, boolean), required, properties,
 * additionalProperties (false), items, enum, minimum, maximum, minLength, pattern.
 */
export interface ValuesSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  required?: string[];
  properties?: Record<string, ValuesSchema>;
  additionalProperties?: boolean;
  items?: ValuesSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
}

const typeOf = (v: unknown): string => {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
};

const matches = (type: string, v: unknown) => {
  const actual = typeOf(v);
  return actual === type || (type === 'number' && actual === 'integer');
};

/** Every violation of `schema` by `value`, as `path: problem` (empty when the values are valid). */
export function validateValues(schema: ValuesSchema, value: unknown, path = ''): string[] {
  const at = path || '(root)';
  if (schema.type && !matches(schema.type, value)) return [`${at}: must be ${/^[aeiou]/.test(schema.type) ? 'an' : 'a'} ${schema.type}, got ${typeOf(value)}`];
  const errors: string[] = [];
  if (schema.enum && !schema.enum.some((e) => e === value)) errors.push(`${at}: must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: must be >= ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: must be <= ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) errors.push(`${at}: must have at least ${schema.minLength} characters`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) errors.push(`${at}: must match ${schema.pattern}`);
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => errors.push(...validateValues(schema.items!, item, `${path}[${i}]`)));
  if (isPlainObject(value)) {
    const join = (k: string) => (path ? `${path}.${k}` : k);
    for (const key of schema.required ?? []) if (!(key in value)) errors.push(`${join(key)}: is required`);
    for (const [key, v] of Object.entries(value)) {
      const sub = schema.properties?.[key];
      if (sub) errors.push(...validateValues(sub, v, join(key)));
      else if (schema.additionalProperties === false) errors.push(`${join(key)}: is not a value of this chart`);
    }
  }
  return errors;
}
