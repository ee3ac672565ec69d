import { CodeHasher, newBackupCode, newNumericCode, normaliseBackupCode } from './crypto';

const SECRET = 'x'.repeat(40);

describe('CodeHasher', () => {
  it('is keyed: same code, same key -> same hash; another key -> another hash', () => {
    const h = new CodeHasher(SECRET);
    expect(h.hash('123456')).toBe(h.hash('123456'));
    expect(h.hash('123456')).not.toBe(new CodeHasher('z'.repeat(40)).hash('123456'));
    expect(h.matches('123456', h.hash('123456'))).toBe(true);
    expect(h.matches('123457', h.hash('123456'))).toBe(false);
  });
});

describe('codes', () => {
  it('numeric codes have six digits', () => {
    for (let i = 0; i < 50; i++) expect(newNumericCode()).toMatch(/^\d{6}$/);
  });

  it('backup codes are XXXXX-XXXXX and normalise from what a person types', () => {
    const code = newBackupCode();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(normaliseBackupCode(code.toLowerCase())).toBe(code.replace('-', ''));
    expect(normaliseBackupCode(' ab0o1-il2 ')).toBe('AB001112');
  });
});
