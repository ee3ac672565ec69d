import { isPkceValue, matchesHash, pkceChallenge, randomSecret, sha256Hex, verifyPkce } from './oauth-secrets';

describe('PKCE (RFC 7636)', () => {
  // RFC 7636 Appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('derives the Appendix B S256 challenge from its verifier', () => {
    expect(pkceChallenge(verifier, 'S256')).toBe(challenge);
    expect(verifyPkce(verifier, challenge, 'S256')).toBe(true);
  });

  it('refuses another verifier, a plain verifier against S256, and malformed verifiers', () => {
    expect(verifyPkce(verifier.replace('d', 'e'), challenge, 'S256')).toBe(false);
    expect(verifyPkce(challenge, challenge, 'S256')).toBe(false);
    expect(verifyPkce('short', 'short', 'plain')).toBe(false);
    expect(verifyPkce(`${verifier}!`, `${verifier}!`, 'plain')).toBe(false);
  });

  it('plain: the challenge is the verifier', () => {
    expect(pkceChallenge(verifier, 'plain')).toBe(verifier);
    expect(verifyPkce(verifier, verifier, 'plain')).toBe(true);
  });

  it('checks the syntax: 43 to 128 unreserved characters', () => {
    expect(isPkceValue('a'.repeat(43))).toBe(true);
    expect(isPkceValue('a'.repeat(128))).toBe(true);
    expect(isPkceValue('a'.repeat(42))).toBe(false);
    expect(isPkceValue('a'.repeat(129))).toBe(false);
    expect(isPkceValue(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isPkceValue(`${'a'.repeat(40)}-._~`)).toBe(true);
  });
});

describe('secrets', () => {
  it('are 256-bit base64url and compared through their SHA-256', () => {
    const secret = randomSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomSecret()).not.toBe(secret);
    expect(matchesHash(secret, sha256Hex(secret))).toBe(true);
    expect(matchesHash(`${secret}x`, sha256Hex(secret))).toBe(false);
    expect(matchesHash(secret, null)).toBe(false);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
