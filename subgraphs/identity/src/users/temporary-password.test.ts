import { generateTemporaryPassword, TEMPORARY_PASSWORD_LENGTH } from './temporary-password';
import { PASSWORD_MAX, PASSWORD_MIN } from './user.inputs';

describe('generateTemporaryPassword', () => {
  it('is within the password policy and holds every character class', () => {
    for (let i = 0; i < 200; i++) {
      const pw = generateTemporaryPassword();
      expect(pw).toHaveLength(TEMPORARY_PASSWORD_LENGTH);
      expect(pw.length).toBeGreaterThanOrEqual(PASSWORD_MIN);
      expect(pw.length).toBeLessThanOrEqual(PASSWORD_MAX);
      expect(pw).toMatch(/[a-z]/);
      expect(pw).toMatch(/[A-Z]/);
      expect(pw).toMatch(/[2-9]/);
      expect(pw).toMatch(/[-_.+=]/);
      expect(pw).toMatch(/^[a-km-zA-HJ-NP-Z2-9\-_.+=]+$/);
    }
  });

  it('never repeats itself', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => generateTemporaryPassword()));
    expect(seen.size).toBe(1000);
  });

  it('refuses lengths outside the policy', () => {
    expect(() => generateTemporaryPassword(PASSWORD_MIN - 1)).toThrow(RangeError);
    expect(() => generateTemporaryPassword(PASSWORD_MAX + 1)).toThrow(RangeError);
    expect(generateTemporaryPassword(PASSWORD_MIN)).toHaveLength(PASSWORD_MIN);
  });
});
