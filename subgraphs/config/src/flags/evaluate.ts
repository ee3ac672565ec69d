import { BlockList, isIP } from 'node:net';
import semver from 'semver';
import { addBlock, parseDate, parseNumber, VARIANT_WEIGHT_TOTAL, type Constraint, type FlagRule, type Variant } from './definition';
import { inRollout, normalizedValue, VARIANT_SEED } from './rollout';

/** Who and what a flag is evaluated for. userId, tenantId and roles come from the principal. */
export interface EvaluationContext {
  userId?: string | null;
  tenantId?: string | null;
  roles?: string[];
  sessionId?: string | null;
  remoteAddress?: string | null;
  appName?: string | null;
  environment?: string | null;
  /** ISO 8601; now when absent (DATE_* constraints). */
  currentTime?: string | null;
  properties?: Record<string, string>;
}

export interface EvaluableFlag {
  key: string;
  enabled: boolean;
  rules: FlagRule[];
  variants: Variant[];
}

export type Reason = 'DISABLED' | 'NO_RULES' | 'RULE_MATCH' | 'NO_MATCH';

export interface Evaluation {
  key: string;
  enabled: boolean;
  variant: Variant | null;
  reason: Reason;
  /** The index of the first rule that matched. */
  ruleIndex: number | null;
}

/** A context field by name: the standard fields, else `properties[name]`. */
export function contextValue(ctx: EvaluationContext, name: string): string | string[] | undefined {
  switch (name) {
    case 'userId': return ctx.userId ?? undefined;
    case 'tenantId': return ctx.tenantId ?? undefined;
    case 'roles': return ctx.roles;
    case 'sessionId': return ctx.sessionId ?? undefined;
    case 'remoteAddress': return ctx.remoteAddress ?? undefined;
    case 'appName': return ctx.appName ?? undefined;
    case 'environment': return ctx.environment ?? undefined;
    case 'currentTime': return ctx.currentTime ?? new Date().toISOString();
    default: return ctx.properties?.[name];
  }
}

const cmpNum = { NUM_EQ: (a: number, b: number) => a === b, NUM_GT: (a: number, b: number) => a > b, NUM_GTE: (a: number, b: number) => a >= b, NUM_LT: (a: number, b: number) => a < b, NUM_LTE: (a: number, b: number) => a <= b };

function matchOne(c: Constraint, value: string): boolean {
  const fold = (s: string) => (c.caseInsensitive ? s.toLowerCase() : s);
  const v = fold(value);
  const values = c.values.map(fold);
  switch (c.operator) {
    case 'IN': return values.includes(v);
    case 'NOT_IN': return !values.includes(v);
    case 'STR_CONTAINS': return values.some((x) => v.includes(x));
    case 'STR_STARTS_WITH': return values.some((x) => v.startsWith(x));
    case 'STR_ENDS_WITH': return values.some((x) => v.endsWith(x));
    case 'NUM_EQ': case 'NUM_GT': case 'NUM_GTE': case 'NUM_LT': case 'NUM_LTE': {
      const n = parseNumber(value);
      return n !== null && cmpNum[c.operator](n, Number(c.values[0]));
    }
    case 'DATE_AFTER': case 'DATE_BEFORE': {
      const t = parseDate(value);
      if (t === null) return false;
      return c.operator === 'DATE_AFTER' ? t > Date.parse(c.values[0]!) : t < Date.parse(c.values[0]!);
    }
    case 'SEMVER_EQ': case 'SEMVER_GT': case 'SEMVER_LT': {
      if (!semver.valid(value)) return false;
      const target = c.values[0]!;
      return c.operator === 'SEMVER_EQ' ? semver.eq(value, target) : c.operator === 'SEMVER_GT' ? semver.gt(value, target) : semver.lt(value, target);
    }
    case 'CIDR_MATCH': {
      const family = isIP(value);
      if (!family) return false;
      const list = new BlockList();
      for (const block of c.values) addBlock(list, block);
      return list.check(value, family === 4 ? 'ipv4' : 'ipv6');
    }
  }
}

/**
 * One constraint. A list-valued field (roles) matches when one of its entries does (NOT_IN:
 * when none is in the values). A missing field fails every operator but NOT_IN. `inverted`
 * negates the result, missing field included (as Unleash does).
 */
export function matchConstraint(c: Constraint, ctx: EvaluationContext): boolean {
  const raw = contextValue(ctx, c.contextName);
  let result: boolean;
  if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) result = c.operator === 'NOT_IN';
  else if (Array.isArray(raw)) result = c.operator === 'NOT_IN' ? raw.every((r) => matchOne(c, r)) : raw.some((r) => matchOne(c, r));
  else result = matchOne(c, raw);
  return c.inverted ? !result : result;
}

/** Targeting, then constraints, then the rollout (a caller without the stickiness field is out). */
export function matchRule(flagKey: string, rule: FlagRule, ctx: EvaluationContext): boolean {
  if (rule.tenantIds.length && !(ctx.tenantId && rule.tenantIds.includes(ctx.tenantId))) return false;
  if (rule.userIds.length && !(ctx.userId && rule.userIds.includes(ctx.userId))) return false;
  if (rule.roles.length && !(ctx.roles ?? []).some((r) => rule.roles.includes(r))) return false;
  if (!rule.constraints.every((c) => matchConstraint(c, ctx))) return false;
  if (rule.percentage >= 100) return true;
  const sticky = contextValue(ctx, rule.stickiness);
  if (typeof sticky !== 'string' || sticky === '') return false;
  return inRollout(sticky, rule.groupId ?? flagKey, rule.percentage);
}

/**
 * Unleash's variant selection: `normalizedValue(stickiness, flagKey, 1000, 86028157)` walks
 * the cumulative weights; the first variant whose running total reaches it is chosen.
 */
export function selectVariant(flagKey: string, variants: Variant[], ctx: EvaluationContext): Variant | null {
  if (variants.length === 0) return null;
  const sticky = contextValue(ctx, variants[0]!.stickiness);
  if (typeof sticky !== 'string' || sticky === '') return null;
  const target = normalizedValue(sticky, flagKey, VARIANT_WEIGHT_TOTAL, VARIANT_SEED);
  let counter = 0;
  for (const v of variants) {
    if (v.weight === 0) continue;
    counter += v.weight;
    if (counter >= target) return v;
  }
  return null;
}

/** A disabled flag is off; no rules: on for everyone; else on when one rule matches. */
export function evaluate(flag: EvaluableFlag, ctx: EvaluationContext): Evaluation {
  const off = (reason: Reason): Evaluation => ({ key: flag.key, enabled: false, variant: null, reason, ruleIndex: null });
  if (!flag.enabled) return off('DISABLED');
  if (flag.rules.length === 0) return { key: flag.key, enabled: true, variant: selectVariant(flag.key, flag.variants, ctx), reason: 'NO_RULES', ruleIndex: null };
  const index = flag.rules.findIndex((r) => matchRule(flag.key, r, ctx));
  if (index < 0) return off('NO_MATCH');
  return { key: flag.key, enabled: true, variant: selectVariant(flag.key, flag.variants, ctx), reason: 'RULE_MATCH', ruleIndex: index };
}
