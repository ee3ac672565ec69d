import { backoffSeconds, MAX_ATTEMPTS } from './dispatcher';

describe('outbox retry backoff', () => {
  it('doubles from 30 s and caps at one hour', () => {
    expect([1, 2, 3, 4, 5].map(backoffSeconds)).toEqual([30, 60, 120, 240, 480]);
    expect(backoffSeconds(8)).toBe(3600);
    expect(backoffSeconds(50)).toBe(3600);
  });

  it('gives up after a bounded number of attempts, within about a day', () => {
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffSeconds(i + 1)).reduce((a, b) => a + b, 0);
    expect(MAX_ATTEMPTS).toBeGreaterThan(3);
    expect(total).toBeLessThan(24 * 3600);
  });
});
