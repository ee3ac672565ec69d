import { DomainError } from '@dataplat/kit';
import { IdentityError } from '../errors';
import { invalidPath, parsePath, type Filter } from './filter';

export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const MAX_OPERATIONS = 1000;

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type Doc = { [key: string]: Json };

/** What PATCH needs to know of a resource type's attributes (names lower-cased). */
export interface PatchSchema {
  /** Multi-valued attributes: `add` appends to them. */
  multiValued: Set<string>;
  /** Attributes a client may not change (`mutability`). */
  readOnly: Set<string>;
  /** Lower-cased name -> canonical spelling, for attributes the resource does not hold yet. */
  canonical: Record<string, string>;
}

const syntax = (detail: string) => new DomainError(IdentityError.SCIM_INVALID_SYNTAX, detail);
const noTarget = (detail: string) => new DomainError(IdentityError.SCIM_NO_TARGET, detail);
const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The actual key of `obj` spelled `name` in any case. */
export function keyOf(obj: Doc, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower);
}

/** `obj[name]`, the name compared case-insensitively (RFC 7643 section 2.1). */
export function pick(obj: Doc, name: string): Json | undefined {
  const key = keyOf(obj, name);
  return key === undefined ? undefined : obj[key];
}

/**
 * Applies a PatchOp message (RFC 7644 section 3.5.2) to a resource's SCIM representation
 * and returns the new representation; the caller then stores it as a replacement. Operation
 * names and attribute names are case-insensitive; `path` may select elements of a
 * multi-valued attribute with a value filter (`members[value eq "..."]`,
 * `emails[type eq "work"].value`).
 */
export function applyPatch(resource: Doc, message: unknown, schema: PatchSchema): Doc {
  if (!isObject(message)) throw syntax('The body must be a PatchOp message');
  const schemas = pick(message, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP_SCHEMA)) throw syntax(`schemas must contain "${PATCH_OP_SCHEMA}"`);
  const operations = pick(message, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) throw syntax('Operations must be a non-empty array');
  if (operations.length > MAX_OPERATIONS) throw new DomainError(IdentityError.SCIM_TOO_MANY, `At most ${MAX_OPERATIONS} operations per request`);
  const doc = structuredClone(resource);
  for (const operation of operations) {
    if (!isObject(operation)) throw syntax('Each operation must be an object');
    const op = String(pick(operation, 'op') ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw syntax(`Unknown operation "${String(pick(operation, 'op'))}"`);
    const path = pick(operation, 'path');
    const value = pick(operation, 'value');
    if (path !== undefined && path !== null && typeof path !== 'string') throw invalidPath('path must be a string');
    if (typeof path === 'string' && path.trim() !== '') applyAtPath(doc, op, path, value, schema);
    else if (op === 'remove') throw noTarget('remove requires a path');
    else applyWithoutPath(doc, op, value, schema);
  }
  return doc;
}

function applyWithoutPath(doc: Doc, op: 'add' | 'replace', value: Json | undefined, schema: PatchSchema): void {
  if (!isObject(value)) throw new DomainError(IdentityError.SCIM_INVALID_VALUE, `${op} without a path needs an object value`);
  for (const [name, v] of Object.entries(value)) {
    // Some clients (Entra ID) send sub-attribute paths as keys: {"name.givenName": "x"}.
    if (!name.startsWith('urn:') && name.includes('.')) applyAtPath(doc, op, name, v, schema);
    else setAttribute(doc, name, v, op, schema);
  }
}

function checkWritable(attr: string, schema: PatchSchema): void {
  if (schema.readOnly.has(attr.toLowerCase())) throw new DomainError(IdentityError.SCIM_MUTABILITY, `"${attr}" is read-only`);
}

function setAttribute(target: Doc, name: string, value: Json, op: 'add' | 'replace', schema: PatchSchema): void {
  const lower = name.toLowerCase();
  const key = keyOf(target, name) ?? schema.canonical[lower] ?? name;
  const current = target[key];
  // Okta repeats the resource's own `id` in replace values: restating a read-only value is no change.
  if (schema.readOnly.has(lower) && JSON.stringify(current) === JSON.stringify(value)) return;
  checkWritable(name, schema);
  if (schema.multiValued.has(lower)) {
    const values = Array.isArray(value) ? value : [value];
    if (op === 'replace' || !Array.isArray(current)) target[key] = values;
    else target[key] = [...current, ...values.filter((v) => !current.some((c) => sameElement(c, v)))];
  } else if (isObject(value) && isObject(current)) {
    for (const [sub, v] of Object.entries(value)) current[keyOf(current, sub) ?? sub] = v;
  } else {
    target[key] = value;
  }
}

/** Two elements of a multi-valued attribute are the same when their `value`s are. */
function sameElement(a: Json, b: Json): boolean {
  if (isObject(a) && isObject(b)) {
    const va = pick(a, 'value');
    const vb = pick(b, 'value');
    if (va !== undefined && vb !== undefined) return String(va).toLowerCase() === String(vb).toLowerCase();
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

function applyAtPath(doc: Doc, op: 'add' | 'replace' | 'remove', text: string, value: Json | undefined, schema: PatchSchema): void {
  const path = parsePath(text);
  checkWritable(path.attr, schema);
  if (op !== 'remove' && value === undefined) throw new DomainError(IdentityError.SCIM_INVALID_VALUE, `${op} needs a value`);
  const key = keyOf(doc, path.attr) ?? schema.canonical[path.attr] ?? path.attr;
  if (path.filter) return applyToMatches(doc, key, op, path.filter, path.sub, value, text, schema);
  if (path.sub === undefined) {
    if (op === 'remove') delete doc[key];
    else setAttribute(doc, key, value!, op, schema);
    return;
  }
  const current = doc[key];
  const elements = Array.isArray(current) ? current.filter(isObject) : undefined;
  if (op === 'remove') {
    for (const target of elements ?? (isObject(current) ? [current] : [])) {
      const sub = keyOf(target, path.sub);
      if (sub !== undefined) delete target[sub];
    }
    return;
  }
  if (elements) {
    for (const target of elements) target[keyOf(target, path.sub) ?? canonicalSub(path.sub, schema)] = value!;
    return;
  }
  const target = isObject(current) ? current : (doc[key] = {});
  target[keyOf(target, path.sub) ?? canonicalSub(path.sub, schema)] = value!;
}

const canonicalSub = (sub: string, schema: PatchSchema) => schema.canonical[sub] ?? sub;

function applyToMatches(doc: Doc, key: string, op: 'add' | 'replace' | 'remove', filter: Filter, sub: string | undefined, value: Json | undefined, text: string, schema: PatchSchema): void {
  if (!schema.multiValued.has(key.toLowerCase())) throw invalidPath(`"${key}" is not multi-valued: "${text}"`);
  const list = Array.isArray(doc[key]) ? (doc[key] as Json[]) : [];
  const matches = list.filter((e) => isObject(e) && matches_(filter, e)) as Doc[];
  if (op === 'remove') {
    if (sub === undefined) doc[key] = list.filter((e) => !matches.includes(e as Doc));
    else for (const m of matches) {
      const k = keyOf(m, sub);
      if (k !== undefined) delete m[k];
    }
    return;
  }
  if (matches.length === 0) {
    // Entra ID replaces `emails[type eq "work"].value` on users with no work address yet:
    // an equality filter describes the element to create.
    const seed = sub !== undefined ? equalitySeed(filter, schema) : undefined;
    if (!seed) throw noTarget(`No value matches "${text}"`);
    seed[canonicalSub(sub!, schema)] = value!;
    doc[key] = [...list, seed];
    return;
  }
  for (const m of matches) {
    if (sub !== undefined) m[keyOf(m, sub) ?? canonicalSub(sub, schema)] = value!;
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) m[keyOf(m, k) ?? k] = v;
    else throw new DomainError(IdentityError.SCIM_INVALID_VALUE, `${op} of "${text}" needs an object value`);
  }
}

/** `type eq "work" and primary eq true` -> {type: "work", primary: true}; other filters -> undefined. */
function equalitySeed(filter: Filter, schema: PatchSchema): Doc | undefined {
  if (filter.op === 'eq') return { [canonicalSub(filter.attr, schema)]: filter.value };
  if (filter.op !== 'and') return undefined;
  const left = equalitySeed(filter.left, schema);
  const right = equalitySeed(filter.right, schema);
  return left && right ? { ...left, ...right } : undefined;
}

/** Whether one element of a multi-valued attribute matches a value filter. */
export function matches_(filter: Filter, element: Doc): boolean {
  switch (filter.op) {
    case 'and':
      return matches_(filter.left, element) && matches_(filter.right, element);
    case 'or':
      return matches_(filter.left, element) || matches_(filter.right, element);
    case 'not':
      return !matches_(filter.filter, element);
    case 'valuePath':
      return false;
    case 'pr': {
      const v = pick(element, filter.attr);
      return v !== undefined && v !== null && v !== '';
    }
    default: {
      const actual = pick(element, filter.attr);
      if (filter.value === null) return filter.op === 'eq' ? actual === undefined || actual === null : filter.op === 'ne' && actual != null;
      if (actual === undefined || actual === null) return filter.op === 'ne';
      const a = typeof actual === 'string' ? actual.toLowerCase() : actual;
      const b = typeof filter.value === 'string' ? filter.value.toLowerCase() : filter.value;
      switch (filter.op) {
        case 'eq': return a === b;
        case 'ne': return a !== b;
        case 'co': return typeof a === 'string' && typeof b === 'string' && a.includes(b);
        case 'sw': return typeof a === 'string' && typeof b === 'string' && a.startsWith(b);
        case 'ew': return typeof a === 'string' && typeof b === 'string' && a.endsWith(b);
        case 'gt': return a > b;
        case 'ge': return a >= b;
        case 'lt': return a < b;
        case 'le': return a <= b;
      }
    }
  }
  return false;
}
