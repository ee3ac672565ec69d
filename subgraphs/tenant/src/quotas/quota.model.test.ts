import { defaultQuotas, RESOURCE_TYPE_NAMES, utilizationPercent } from './quota.model';
import { currentUsage, windowStartOf } from './quota.service';

describe('default quotas', () => {
  it('covers every resource type with soft = 80 % of hard, HARD enforcement', () => {
    const free = defaultQuotas('FREE');
    expect(free.map((q) => q.resourceType)).toEqual(RESOURCE_TYPE_NAMES);
    expect(free.find((q) => q.resourceType === 'API_CALLS')).toEqual({ resourceType: 'API_CALLS', hardLimit: 100, softLimit: 80, unit: 'requests per minute', enforcementMode: 'HARD' });
    expect(defaultQuotas('ENTERPRISE').find((q) => q.resourceType === 'CPU')?.hardLimit).toBe(128_000);
  });
  it('grows with the tier', () => {
    const tiers = ['FREE', 'STARTER', 'PROFESSIONAL', 'ENTERPRISE'].map(defaultQuotas);
    for (let i = 1; i < tiers.length; i++) tiers[i].forEach((q, j) => expect(q.hardLimit).toBeGreaterThanOrEqual(tiers[i - 1][j].hardLimit));
  });
  it('gives an unknown plan the STARTER table', () => expect(defaultQuotas('GOLD')).toEqual(defaultQuotas('STARTER')));
});

describe('utilization and windows', () => {
  it('is a percentage of the hard limit with two decimals', () => {
    expect(utilizationPercent(1, 3)).toBe(33.33);
    expect(utilizationPercent(0, 0)).toBe(0);
    expect(utilizationPercent(1, 0)).toBe(100);
  });
  it('starts a new window at the minute or UTC day', () => {
    const now = new Date('2026-03-04T05:06:07.890Z');
    expect(windowStartOf('minute', now).toISOString()).toBe('2026-03-04T05:06:00.000Z');
    expect(windowStartOf('day', now).toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });
  it('reads a windowed usage as 0 once its window has passed', () => {
    const now = new Date('2026-03-04T05:06:07Z');
    expect(currentUsage({ used: 7, window: 'minute', windowStart: new Date('2026-03-04T05:06:00Z') }, now)).toBe(7);
    expect(currentUsage({ used: 7, window: 'minute', windowStart: new Date('2026-03-04T05:05:00Z') }, now)).toBe(0);
    expect(currentUsage({ used: 7, window: null, windowStart: null }, now)).toBe(7);
  });
});
