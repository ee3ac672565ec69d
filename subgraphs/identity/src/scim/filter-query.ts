import { isUuid } from '@dataplat/kit';
import { invalidFilter, type CompareOp, type Filter, type FilterValue } from './filter';

/** A Prisma `where` object (of users, groups or a related row). */
export type Where = Record<string, unknown>;

/** How one filterable attribute maps onto a column. */
export interface AttrDef {
  field: string;
  type: 'string' | 'boolean' | 'datetime' | 'id';
  /** RFC 7643 caseExact; false compares case-insensitively. */
  caseExact?: boolean;
  /** Wraps a condition on the column when it lives in a related row. */
  scope?: (inner: Where) => Where;
}

/** A multi-valued complex attribute (emails, members): its rows and their sub-attributes. */
export interface ComplexDef {
  scope: (inner: Where) => Where;
  attrs: Record<string, AttrDef>;
}

export interface FilterSchema {
  attrs: Record<string, AttrDef>;
  complex: Record<string, ComplexDef>;
}

/**
 * Translates a parsed filter into a Prisma `where` over the resource's table, so that the
 * database filters and counts (never memory). Unknown attributes, and operators that do not
 * fit an attribute's type, are 400 invalidFilter.
 */
export function toWhere(filter: Filter, schema: FilterSchema): Where {
  switch (filter.op) {
    case 'and':
      return { AND: [toWhere(filter.left, schema), toWhere(filter.right, schema)] };
    case 'or':
      return { OR: [toWhere(filter.left, schema), toWhere(filter.right, schema)] };
    case 'not':
      return { NOT: toWhere(filter.filter, schema) };
    case 'valuePath': {
      const complex = schema.complex[filter.attr];
      if (!complex) throw invalidFilter(`Attribute "${filter.attr}" has no sub-attributes to filter on`);
      return complex.scope(toWhere(filter.filter, { attrs: complex.attrs, complex: {} }));
    }
    default: {
      const def = schema.attrs[filter.attr];
      if (!def) throw invalidFilter(`Filtering on "${filter.attr}" is not supported`);
      const scope = def.scope ?? ((w: Where) => w);
      if (filter.op === 'pr') return scope(present(def));
      if (filter.op === 'ne') return { NOT: scope(compare(def, 'eq', filter.value, filter.attr)) };
      return scope(compare(def, filter.op, filter.value, filter.attr));
    }
  }
}

function present(def: AttrDef): Where {
  if (def.type === 'string') return { AND: [{ [def.field]: { not: null } }, { NOT: { [def.field]: '' } }] };
  return { [def.field]: { not: null } };
}

const STRING_OPS: Record<string, string> = { eq: 'equals', co: 'contains', sw: 'startsWith', ew: 'endsWith', gt: 'gt', ge: 'gte', lt: 'lt', le: 'lte' };
const ORDER_OPS: Record<string, string> = { eq: 'equals', gt: 'gt', ge: 'gte', lt: 'lt', le: 'lte' };

function compare(def: AttrDef, op: Exclude<CompareOp, 'ne'>, value: FilterValue, attr: string): Where {
  const unsupported = () => invalidFilter(`Operator "${op}" with ${JSON.stringify(value)} is not supported on "${attr}"`);
  if (value === null) {
    if (op !== 'eq') throw unsupported();
    return { [def.field]: null };
  }
  switch (def.type) {
    case 'boolean':
      if (op !== 'eq' || typeof value !== 'boolean') throw unsupported();
      return { [def.field]: value };
    case 'id':
      if (op !== 'eq' || typeof value !== 'string') throw unsupported();
      // An id that is not a UUID names no resource (and must not reach a uuid column).
      return isUuid(value) ? { [def.field]: value.toLowerCase() } : { [def.field]: { in: [] } };
    case 'datetime': {
      const at = typeof value === 'string' ? new Date(value) : undefined;
      if (!ORDER_OPS[op] || !at || Number.isNaN(at.getTime())) throw unsupported();
      return { [def.field]: { [ORDER_OPS[op]]: at } };
    }
    case 'string': {
      if (typeof value !== 'string') throw unsupported();
      return { [def.field]: { [STRING_OPS[op]]: value, ...(def.caseExact ? {} : { mode: 'insensitive' }) } };
    }
  }
}
