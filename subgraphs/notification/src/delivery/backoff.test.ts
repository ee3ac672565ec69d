import { backoffSeconds, MAX_BACKOFF_SECONDS } from './backoff';

describe('delivery backoff', () => {
  it('doubles from the base per attempt and caps at an hour', () => {
    const none = () => 0;
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, 30, none))).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(20, 30, none)).toBe(MAX_BACKOFF_SECONDS);
  });

  it('adds at most 10 % jitter', () => {
    expect(backoffSeconds(2, 30, () => 0.999)).toBeGreaterThan(60);
    expect(backoffSeconds(2, 30, () => 0.999)).toBeLessThan(66.01);
  });
});
