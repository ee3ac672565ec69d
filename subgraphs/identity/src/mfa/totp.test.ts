import { base32Of, hotpAt, matchTotp, newTotpSecret, otpauthUri, timeStep, totpAt } from './totp';

// RFC 6238 Appendix B: the seeds are the ASCII strings below (20, 32 and 64 bytes).
const SHA1 = base32Of('12345678901234567890');
const SHA256 = base32Of('12345678901234567890123456789012');
const SHA512 = base32Of('1234567890123456789012345678901234567890123456789012345678901234');

const RFC6238: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

// RFC 4226 Appendix D: HOTP values for counters 0..9 with the 20-byte seed.
const RFC4226 = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];

describe('TOTP (RFC 6238 Appendix B)', () => {
  it.each(RFC6238)('at %i s gives the published 8-digit codes for SHA-1, SHA-256 and SHA-512', (seconds, sha1, sha256, sha512) => {
    expect(totpAt(SHA1, seconds * 1000, { digits: 8 })).toBe(sha1);
    expect(totpAt(SHA256, seconds * 1000, { digits: 8, algorithm: 'SHA256' })).toBe(sha256);
    expect(totpAt(SHA512, seconds * 1000, { digits: 8, algorithm: 'SHA512' })).toBe(sha512);
  });

  it.each(RFC6238)('matchTotp accepts the SHA-1 vector at %i s and names its time step', (seconds, sha1) => {
    expect(matchTotp(SHA1, sha1, seconds * 1000, 0, { digits: 8 })).toBe(Math.floor(seconds / 30));
  });
});

describe('HOTP (RFC 4226 Appendix D)', () => {
  it.each(RFC4226.map((code, counter) => [counter, code]))('counter %i gives %s', (counter, code) => {
    expect(hotpAt(SHA1, counter as number)).toBe(code);
  });
});

describe('matchTotp', () => {
  const secret = newTotpSecret();
  const now = 1_700_000_015_000;

  it('accepts the current step and one step of skew either side, not two', () => {
    const step = timeStep(now);
    expect(matchTotp(secret, totpAt(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, now + 60_000), now)).toBeNull();
  });

  it('refuses anything but six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) expect(matchTotp(secret, code, now)).toBeNull();
  });

  it('new secrets are 160-bit base32', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('builds an otpauth URI with issuer and account', () => {
    const uri = new URL(otpauthUri(secret, 'Data Platform', 'ann@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Data Platform:ann@example.com');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Data Platform');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
