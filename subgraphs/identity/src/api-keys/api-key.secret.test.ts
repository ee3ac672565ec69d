import { createHash } from 'node:crypto';
import { API_KEY_PATTERN, base62, generateApiKey, hashApiKey, PREFIX_LENGTH, SECRET_DIGITS } from './api-key.secret';

describe('API key format', () => {
  it('is dpk_<live|test>_ + 43 base62 characters', () => {
    const live = generateApiKey('LIVE');
    const test = generateApiKey('TEST');
    expect(live.key).toMatch(/^dpk_live_[0-9A-Za-z]{43}$/);
    expect(test.key).toMatch(/^dpk_test_[0-9A-Za-z]{43}$/);
    expect(API_KEY_PATTERN.test(live.key) && API_KEY_PATTERN.test(test.key)).toBe(true);
  });

  it('has a 16-character prefix and stores the SHA-256 hex of the whole key', () => {
    const k = generateApiKey('LIVE');
    expect(k.prefix).toHaveLength(PREFIX_LENGTH);
    expect(k.key.startsWith(k.prefix)).toBe(true);
    expect(k.hash).toBe(createHash('sha256').update(k.key).digest('hex'));
    expect(hashApiKey(k.key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never repeats (256 random bits)', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey('LIVE').key));
    expect(keys.size).toBe(2000);
  });

  it('43 base62 digits hold every 256-bit value, fixed width', () => {
    expect(62n ** BigInt(SECRET_DIGITS)).toBeGreaterThan(2n ** 256n);
    expect(62n ** BigInt(SECRET_DIGITS - 1)).toBeLessThan(2n ** 256n);
    expect(base62(Buffer.alloc(32, 0xff), SECRET_DIGITS)).toHaveLength(SECRET_DIGITS);
    expect(base62(Buffer.alloc(32, 0), SECRET_DIGITS)).toBe('0'.repeat(SECRET_DIGITS));
    expect(base62(Buffer.from([61]), 2)).toBe('0z');
    expect(base62(Buffer.from([62]), 2)).toBe('10');
    expect(() => base62(Buffer.from([0xff, 0xff]), 2)).toThrow(RangeError);
  });

  it('refuses look-alikes', () => {
    const { key } = generateApiKey('LIVE');
    for (const bad of [key.slice(0, -1), `${key}x`, key.replace('dpk_live_', 'dpk_prod_'), key.replace(/.$/, '-'), ` ${key}`, key.toUpperCase()]) {
      expect(API_KEY_PATTERN.test(bad)).toBe(false);
    }
  });
});
