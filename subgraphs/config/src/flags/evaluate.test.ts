import { checkConstraint, checkRules, checkVariants, type Constraint, type FlagRule } from './definition';
import { evaluate, matchConstraint, selectVariant, type EvaluationContext } from './evaluate';

const c = (operator: Constraint['operator'], values: string[], contextName = 'v', extra: Partial<Constraint> = {}): Constraint =>
  checkConstraint({ contextName, operator, values, caseInsensitive: false, inverted: false, ...extra }, 'c');
const ctx = (v: string | undefined, more: EvaluationContext = {}): EvaluationContext => ({ ...more, properties: v === undefined ? {} : { v } });
const rule = (r: Partial<FlagRule>): FlagRule => checkRules([r])[0]!;

describe('constraint operators', () => {
  it.each([
    ['IN', ['a', 'b'], 'b', true], ['IN', ['a'], 'c', false],
    ['NOT_IN', ['a'], 'c', true], ['NOT_IN', ['a'], 'a', false],
    ['STR_CONTAINS', ['bet'], 'alphabet', true], ['STR_STARTS_WITH', ['al'], 'alpha', true], ['STR_ENDS_WITH', ['ha'], 'alpha', true],
    ['STR_CONTAINS', ['zz'], 'alpha', false],
    ['NUM_EQ', ['3'], '3.0', true], ['NUM_GT', ['3'], '3', false], ['NUM_GTE', ['3'], '3', true], ['NUM_LT', ['3'], '2.5', true], ['NUM_LTE', ['3'], '4', false],
    ['NUM_GT', ['3'], 'x', false],
    ['DATE_AFTER', ['2026-01-01T00:00:00Z'], '2026-06-01T00:00:00Z', true], ['DATE_BEFORE', ['2026-01-01T00:00:00Z'], '2026-06-01T00:00:00Z', false],
    ['SEMVER_EQ', ['1.2.3'], '1.2.3', true], ['SEMVER_GT', ['1.2.3'], '1.10.0', true], ['SEMVER_LT', ['1.2.3'], '1.2.3-beta.1', true],
    ['SEMVER_GT', ['1.2.3'], 'not-a-version', false],
    ['CIDR_MATCH', ['10.0.0.0/8', '192.168.1.7'], '10.20.30.40', true], ['CIDR_MATCH', ['10.0.0.0/8'], '11.0.0.1', false],
    ['CIDR_MATCH', ['192.168.1.7'], '192.168.1.7', true], ['CIDR_MATCH', ['2001:db8::/32'], '2001:db8::1', true], ['CIDR_MATCH', ['10.0.0.0/8'], 'nope', false],
  ] as const)('%s %j on %s is %s', (op, values, value, expected) => {
    expect(matchConstraint(c(op, [...values]), ctx(value))).toBe(expected);
  });

  it('folds case when asked, inverts, and treats a missing field as failing except NOT_IN', () => {
    expect(matchConstraint(c('IN', ['ABC'], 'v', { caseInsensitive: true }), ctx('abc'))).toBe(true);
    expect(matchConstraint(c('IN', ['ABC']), ctx('abc'))).toBe(false);
    expect(matchConstraint(c('IN', ['a'], 'v', { inverted: true }), ctx('a'))).toBe(false);
    expect(matchConstraint(c('IN', ['a']), ctx(undefined))).toBe(false);
    expect(matchConstraint(c('NOT_IN', ['a']), ctx(undefined))).toBe(true);
    expect(matchConstraint(c('IN', ['ADMIN'], 'roles'), { roles: ['USER', 'ADMIN'] })).toBe(true);
    expect(matchConstraint(c('NOT_IN', ['ADMIN'], 'roles'), { roles: ['USER', 'ADMIN'] })).toBe(false);
  });

  it.each([
    ['SEMVER_GT', ['1.2']], ['NUM_GT', ['ten']], ['DATE_AFTER', ['yesterday']], ['CIDR_MATCH', ['10.0.0.0/33']], ['CIDR_MATCH', ['10.0.0/8']],
    ['IN', []], ['NUM_EQ', ['1', '2']],
  ] as const)('refuses %s with %j', (op, values) => {
    expect(() => c(op, [...values])).toThrow(expect.objectContaining({ code: 'DPF-CFG-006' }));
  });
});

describe('rules and evaluation', () => {
  const flag = (rules: FlagRule[], enabled = true) => ({ key: 'f', enabled, rules, variants: [] });

  it('is off when disabled, on for all without rules', () => {
    expect(evaluate(flag([], false), {})).toMatchObject({ enabled: false, reason: 'DISABLED' });
    expect(evaluate(flag([]), {})).toMatchObject({ enabled: true, reason: 'NO_RULES' });
  });

  it('targets tenants, users and roles; the first matching rule wins', () => {
    const rules = [rule({ tenantIds: ['t1'] }), rule({ userIds: ['u9'] }), rule({ roles: ['ADMIN'] })];
    expect(evaluate(flag(rules), { tenantId: 't1' })).toMatchObject({ enabled: true, ruleIndex: 0 });
    expect(evaluate(flag(rules), { tenantId: 't2', userId: 'u9' })).toMatchObject({ enabled: true, ruleIndex: 1 });
    expect(evaluate(flag(rules), { tenantId: 't2', roles: ['ADMIN'] })).toMatchObject({ enabled: true, ruleIndex: 2 });
    expect(evaluate(flag(rules), { tenantId: 't2', userId: 'u1', roles: ['USER'] })).toMatchObject({ enabled: false, reason: 'NO_MATCH' });
  });

  it('needs every condition of a rule, and the stickiness field for a partial rollout', () => {
    const r = rule({ roles: ['USER'], constraints: [c('SEMVER_GT', ['2.0.0'], 'appVersion')], percentage: 50, stickiness: 'deviceId' });
    const yes = Array.from({ length: 200 }, (_, i) => evaluate(flag([r]), { roles: ['USER'], properties: { appVersion: '2.1.0', deviceId: `d${i}` } }).enabled);
    expect(yes.filter(Boolean).length).toBeGreaterThan(70);
    expect(yes.filter(Boolean).length).toBeLessThan(130);
    expect(evaluate(flag([r]), { roles: ['USER'], properties: { appVersion: '1.0.0', deviceId: 'd1' } }).enabled).toBe(false);
    expect(evaluate(flag([r]), { roles: ['USER'], properties: { appVersion: '2.1.0' } }).enabled).toBe(false);
  });

  it('refuses bad percentages and stickiness names', () => {
    expect(() => rule({ percentage: 101 })).toThrow(expect.objectContaining({ code: 'DPF-CFG-006' }));
    expect(() => rule({ percentage: 33.333 })).toThrow(expect.objectContaining({ code: 'DPF-CFG-006' }));
    expect(rule({ percentage: 33.33 }).percentage).toBe(33.33);
    expect(() => rule({ stickiness: '1bad' })).toThrow(expect.objectContaining({ code: 'DPF-CFG-006' }));
  });
});

describe('variants', () => {
  it('need weights adding up to 1000 and unique names', () => {
    expect(() => checkVariants([{ name: 'a', weight: 500 }])).toThrow(expect.objectContaining({ code: 'DPF-CFG-006' }));
    expect(() => checkVariants([{ name: 'a', weight: 500 }, { name: 'a', weight: 500 }])).toThrow(expect.objectContaining({ code: 'DPF-CFG-006' }));
    expect(checkVariants([])).toEqual([]);
  });

  it('split callers by weight, stably', () => {
    const variants = checkVariants([{ name: 'blue', weight: 200 }, { name: 'green', weight: 800 }]);
    const picks = Array.from({ length: 5000 }, (_, i) => selectVariant('f', variants, { userId: `u${i}` })!.name);
    const blue = picks.filter((p) => p === 'blue').length / picks.length;
    expect(blue).toBeGreaterThan(0.17);
    expect(blue).toBeLessThan(0.23);
    expect(Array.from({ length: 5000 }, (_, i) => selectVariant('f', variants, { userId: `u${i}` })!.name)).toEqual(picks);
    expect(selectVariant('f', variants, {})).toBeNull();
  });

  it('are handed out only when the flag is on', () => {
    const variants = checkVariants([{ name: 'only', weight: 1000 }]);
    expect(evaluate({ key: 'f', enabled: true, rules: [], variants }, { userId: 'u' }).variant?.name).toBe('only');
    expect(evaluate({ key: 'f', enabled: false, rules: [], variants }, { userId: 'u' }).variant).toBeNull();
  });
});
