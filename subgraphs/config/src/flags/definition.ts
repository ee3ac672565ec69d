import { BlockList, isIP } from 'node:net';
import semver from 'semver';
import { DomainError } from '@dataplat/kit';
import { ConfigError } from '../errors';

export const OPERATORS = [
  'IN', 'NOT_IN',
  'STR_CONTAINS', 'STR_STARTS_WITH', 'STR_ENDS_WITH',
  'NUM_EQ', 'NUM_GT', 'NUM_GTE', 'NUM_LT', 'NUM_LTE',
  'DATE_AFTER', 'DATE_BEFORE',
  'SEMVER_EQ', 'SEMVER_GT', 'SEMVER_LT',
  'CIDR_MATCH',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Constraint {
  contextName: string;
  operator: Operator;
  values: string[];
  caseInsensitive: boolean;
  inverted: boolean;
}

export interface FlagRule {
  name: string | null;
  /** 0..100 with up to two decimals. */
  percentage: number;
  /** Context field hashed for the rollout: userId, tenantId, sessionId or a property name. */
  stickiness: string;
  /** Hash group; the flag key when null (so two flags roll out to different callers). */
  groupId: string | null;
  tenantIds: string[];
  userIds: string[];
  roles: string[];
  constraints: Constraint[];
}

export interface Variant {
  name: string;
  /** 0..1000; the weights of a flag's variants add up to 1000. */
  weight: number;
  payload: string | null;
  stickiness: string;
}

export const FLAG_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const CONTEXT_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const SINGLE_VALUE = new Set<Operator>(['NUM_EQ', 'NUM_GT', 'NUM_GTE', 'NUM_LT', 'NUM_LTE', 'DATE_AFTER', 'DATE_BEFORE', 'SEMVER_EQ', 'SEMVER_GT', 'SEMVER_LT']);
export const VARIANT_WEIGHT_TOTAL = 1000;
const MAX_RULES = 50;
const MAX_VALUES = 1000;

const invalid = (field: string, reason: string) => new DomainError(ConfigError.FEATURE_FLAG_INVALID, `${field}: ${reason}`, { field, reason });

/** An ISO 8601 date-time (or date) that parses. */
export const parseDate = (v: string): number | null => (/^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : null);
export const parseNumber = (v: string): number | null => (/^\s*$/.test(v) || !Number.isFinite(Number(v)) ? null : Number(v));

/** A CIDR (`10.0.0.0/8`, `2001:db8::/32`) or a single address, added to the list; false if malformed. */
export function addBlock(list: BlockList, entry: string): boolean {
  const [address, prefix, extra] = entry.trim().split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(address!, type);
    return true;
  }
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(address!, Number(prefix), type);
  return true;
}

export function checkConstraint(c: Constraint, field: string): Constraint {
  if (!CONTEXT_NAME.test(c.contextName)) throw invalid(`${field}.contextName`, `must match ${CONTEXT_NAME.source}`);
  if (!OPERATORS.includes(c.operator)) throw invalid(`${field}.operator`, `must be one of ${OPERATORS.join(', ')}`);
  const values = c.values ?? [];
  if (values.length === 0 || values.length > MAX_VALUES) throw invalid(`${field}.values`, `needs 1 to ${MAX_VALUES} values`);
  if (SINGLE_VALUE.has(c.operator) && values.length !== 1) throw invalid(`${field}.values`, `${c.operator} takes exactly one value`);
  for (const v of values) {
    if (c.operator.startsWith('NUM_') && parseNumber(v) === null) throw invalid(`${field}.values`, `"${v}" is not a number`);
    if (c.operator.startsWith('DATE_') && parseDate(v) === null) throw invalid(`${field}.values`, `"${v}" is not an ISO 8601 date`);
    if (c.operator.startsWith('SEMVER_') && !semver.valid(v)) throw invalid(`${field}.values`, `"${v}" is not a semantic version`);
    if (c.operator === 'CIDR_MATCH' && !addBlock(new BlockList(), v)) throw invalid(`${field}.values`, `"${v}" is not an IP address or CIDR block`);
  }
  return { contextName: c.contextName, operator: c.operator, values: [...values], caseInsensitive: !!c.caseInsensitive, inverted: !!c.inverted };
}

type RuleInput = Partial<FlagRule> & { constraints?: Constraint[] | null };
type VariantInput = Partial<Variant> & { name: string; weight: number };

/** Validates and normalises rules (defaults filled in), else 400 DPF-CFG-006. */
export function checkRules(rules: RuleInput[]): FlagRule[] {
  if (rules.length > MAX_RULES) throw invalid('rules', `at most ${MAX_RULES} rules`);
  return rules.map((r, i) => {
    const field = `rules[${i}]`;
    const percentage = r.percentage ?? 100;
    if (!(percentage >= 0 && percentage <= 100) || Math.round(percentage * 100) !== percentage * 100) {
      throw invalid(`${field}.percentage`, 'must be 0 to 100 with at most two decimals');
    }
    const stickiness = r.stickiness ?? 'userId';
    if (!CONTEXT_NAME.test(stickiness)) throw invalid(`${field}.stickiness`, `must match ${CONTEXT_NAME.source}`);
    const lists = { tenantIds: r.tenantIds ?? [], userIds: r.userIds ?? [], roles: r.roles ?? [] };
    for (const [k, list] of Object.entries(lists)) if (list.length > MAX_VALUES) throw invalid(`${field}.${k}`, `at most ${MAX_VALUES} entries`);
    return {
      name: r.name ?? null,
      percentage,
      stickiness,
      groupId: r.groupId ?? null,
      ...lists,
      constraints: (r.constraints ?? []).map((c, j) => checkConstraint(c, `${field}.constraints[${j}]`)),
    };
  });
}

/** Variants: unique names, integer weights 0..1000 adding up to 1000 (none at all is fine). */
export function checkVariants(variants: VariantInput[]): Variant[] {
  if (variants.length === 0) return [];
  const names = new Set<string>();
  let total = 0;
  const out = variants.map((v, i) => {
    const field = `variants[${i}]`;
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(v.name)) throw invalid(`${field}.name`, 'must match [A-Za-z0-9._-]{1,100}');
    if (names.has(v.name)) throw invalid(`${field}.name`, `duplicate variant "${v.name}"`);
    names.add(v.name);
    if (!Number.isInteger(v.weight) || v.weight < 0 || v.weight > VARIANT_WEIGHT_TOTAL) throw invalid(`${field}.weight`, 'must be an integer 0 to 1000');
    total += v.weight;
    const stickiness = v.stickiness ?? 'userId';
    if (!CONTEXT_NAME.test(stickiness)) throw invalid(`${field}.stickiness`, `must match ${CONTEXT_NAME.source}`);
    return { name: v.name, weight: v.weight, payload: v.payload ?? null, stickiness };
  });
  if (total !== VARIANT_WEIGHT_TOTAL) throw invalid('variants', `weights add up to ${total}, not ${VARIANT_WEIGHT_TOTAL}`);
  return out;
}
