import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Hashes short one-time codes (6-digit SMS/e-mail codes, backup codes) with HMAC-SHA256 under
 * a key derived from JWT_SECRET: a leaked table alone does not allow a brute force of the
 * small code space.
 */
export class CodeHasher {
  private readonly key: Buffer;

  constructor(masterSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', masterSecret, 'dataplat', 'mfa-codes-v1', 32));
  }

  hash(code: string): string {
    return createHmac('sha256', this.key).update(code).digest('hex');
  }

  matches(code: string, hash: string): boolean {
    const a = Buffer.from(this.hash(code), 'hex');
    const b = Buffer.from(hash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

/** A numeric one-time code (uniform, crypto RNG). */
export const newNumericCode = (digits = 6): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

/** Backup-code alphabet: Crockford base32 (no I, L, O, U): 50 bits per 10-character code. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A backup code, shown as `XXXXX-XXXXX`. */
export function newBackupCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(0, ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The canonical form of a typed backup code: upper case, without separators or spaces; Crockford's O/I/L read as 0/1/1. */
export function normaliseBackupCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}
