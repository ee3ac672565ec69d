import { isSensitiveName, redact, REDACTED, scalarFields } from './audit-redaction';

describe('audit redaction', () => {
  it.each([
    'password', 'newPassword', 'currentPassword', 'clientSecret', 'secret', 'accessToken', 'refreshToken', 'token', 'code',
    'backupCode', 'recoveryCodes', 'apiKey', 'key', 'privateKey', 'private_key', 'otp', 'totpCode', 'samlResponse', 'codeVerifier',
    'client_secret', 'refresh_token', 'passphrase', 'pin', 'credentials', 'Authorization',
  ])('treats %s as sensitive', (name) => {
    expect(isSensitiveName(name)).toBe(true);
  });

  it.each(['email', 'firstName', 'name', 'tenantId', 'roleIds', 'id', 'description', 'keyId', 'resourceType', 'status', 'enabled', 'country', 'scopes'])(
    'keeps %s',
    (name) => {
      expect(isSensitiveName(name)).toBe(false);
    },
  );

  it('redacts sensitive values at any depth, inside arrays too, and keeps the rest', () => {
    const input = {
      email: 'a@b.test',
      password: 'hunter2hunter2',
      nested: { clientSecret: 's3cr3t', list: [{ token: 't', name: 'n' }], keyId: 'k1' },
      mfa: { code: '123456' },
    };
    expect(redact(input)).toEqual({
      email: 'a@b.test',
      password: REDACTED,
      nested: { clientSecret: REDACTED, list: [{ token: REDACTED, name: 'n' }], keyId: 'k1' },
      mfa: { code: REDACTED },
    });
    expect(JSON.stringify(redact(input))).not.toMatch(/hunter2|s3cr3t|123456/);
  });

  it('redacts a sensitive key whatever its value type (objects and arrays included)', () => {
    expect(redact({ secret: { a: 1 }, codes: ['1', '2'] })).toEqual({ secret: REDACTED, codes: REDACTED });
  });

  it('cuts long strings (never inside a surrogate pair), long arrays and deep nesting; leaves NUL to the intake writer', () => {
    const out = redact({ s: 'x'.repeat(2000), e: `${'x'.repeat(511)}😀😀`, a: Array.from({ length: 80 }, (_, i) => i), n: 'a\u0000b' }) as any;
    expect(out.s).toHaveLength(513);
    expect(out.e).toBe(`${'x'.repeat(511)}…`);
    expect(out.a).toHaveLength(50);
    expect(out.n).toBe('a\u0000b');
    let deep: any = { v: 1 };
    for (let i = 0; i < 10; i++) deep = { d: deep };
    expect(JSON.stringify(redact(deep))).toContain('[…]');
  });

  it('keeps only the scalar fields of a result, redacting secrets shown once', () => {
    expect(scalarFields({ id: 'k', name: 'ci', apiKey: 'dpk_live_x', createdAt: '2026-01-01', owner: { id: 'u' }, tags: ['a'] })).toEqual({
      id: 'k',
      name: 'ci',
      apiKey: REDACTED,
      createdAt: '2026-01-01',
    });
    expect(scalarFields(true)).toBeNull();
    expect(scalarFields(null)).toBeNull();
  });
});
