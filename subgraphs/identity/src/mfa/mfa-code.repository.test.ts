import { retryAfter } from './mfa-code.repository';

const limit = { cooldownSeconds: 60, perHour: 5 };
const now = 10_000_000;

describe('retryAfter (SMS / e-mail code rate limit)', () => {
  it('allows the first code', () => {
    expect(retryAfter([], now, limit)).toBe(0);
  });

  it('waits out the cooldown since the newest code, rounded up', () => {
    expect(retryAfter([now - 10_500], now, limit)).toBe(50);
    expect(retryAfter([now - 60_000], now, limit)).toBe(0);
  });

  it('over the hourly allowance, waits until the oldest counted code leaves the hour', () => {
    const sent = [5, 10, 20, 30, 40].map((m) => now - m * 60_000);
    expect(retryAfter(sent, now, limit)).toBe(20 * 60);
    expect(retryAfter(sent.slice(0, 4), now, limit)).toBe(0);
  });

  it('without a cooldown only the hourly cap counts', () => {
    expect(retryAfter([now - 1000], now, { cooldownSeconds: 0, perHour: 10 })).toBe(0);
  });
});
