import argon2 from 'argon2';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';

/** Test vector of the reference implementation (phc-winner-argon2 src/test.c): "password", salt "somesalt". */
const REFERENCE = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';

describe('password hashing', () => {
  let hash: string;
  beforeAll(async () => {
    hash = await hashPassword('correct horse battery staple');
  });

  it('hashes with argon2id, m=19456 KiB, t=2, p=1 (OWASP minimum)', () => {
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    const [, , , , salt, digest] = hash.split('$');
    expect(Buffer.from(salt, 'base64').length).toBe(16);
    expect(Buffer.from(digest, 'base64').length).toBe(32);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('verifies the reference test vector', async () => {
    expect(await verifyPassword(REFERENCE, 'password')).toBe(true);
    expect(await verifyPassword(REFERENCE, 'passwore')).toBe(false);
  });

  it.each(['', 'plaintext', '$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ012', '$argon2id$v=19$m=19456,t=2,p=1$bm90$'])(
    'returns false for the unparsable stored hash %p',
    async (stored) => {
      expect(await verifyPassword(stored, 'password')).toBe(false);
    },
  );

  it('does not ask to rehash a hash made with the current parameters', () => {
    expect(needsRehash(hash)).toBe(false);
  });

  it('asks to rehash hashes made with other parameters, which still verify', async () => {
    const weaker = await argon2.hash('pw-other-params', { type: argon2.argon2id, memoryCost: 8192, timeCost: 3, parallelism: 1 });
    expect(needsRehash(weaker)).toBe(true);
    expect(await verifyPassword(weaker, 'pw-other-params')).toBe(true);
    expect(needsRehash(REFERENCE)).toBe(true);
  });

  it('asks to rehash another argon2 variant even with the same cost parameters', async () => {
    const argon2i = await argon2.hash('pw-variant', { type: argon2.argon2i, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(argon2i.startsWith('$argon2i$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(argon2i, 'pw-variant')).toBe(true);
    expect(needsRehash(argon2i)).toBe(true);
  });

  it('burns a verification for unknown users without throwing', async () => {
    await expect(verifyAgainstDummy('anything')).resolves.toBeUndefined();
  });
});
