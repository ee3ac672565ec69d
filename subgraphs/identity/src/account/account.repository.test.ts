import { createHash } from 'node:crypto';
import { hashCode, newCode } from './account.repository';

describe('one-time codes', () => {
  it('are 256-bit URL-safe random strings, stored only as their SHA-256', () => {
    const { code, hash } = newCode();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(code, 'base64url')).toHaveLength(32);
    expect(hash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(hashCode(code)).toBe(hash);
  });

  it('never repeat', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newCode().code));
    expect(codes.size).toBe(1000);
  });
});
