import { createHash, randomBytes } from 'node:crypto';

export type ApiKeyModeName = 'LIVE' | 'TEST';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: 43 base62 digits hold 256 random bits exactly. */
export const SECRET_DIGITS = 43;
/** `dpk_live_` or `dpk_test_` plus the first 7 random characters (about 42 bits). */
export const PREFIX_LENGTH = 16;
/** What every key looks like; anything else is refused without a database lookup. */
export const API_KEY_PATTERN = /^dpk_(live|test)_[0-9A-Za-z]{43}$/;

/** Fixed-width base62 of a big-endian byte string (left-padded with '0'). */
export function base62(bytes: Uint8Array, width: number): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  if (out.length > width) throw new RangeError(`value needs more than ${width} base62 digits`);
  return out.padStart(width, '0');
}

/** SHA-256 (hex) of the whole key: what is stored and looked up. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export interface GeneratedApiKey {
  /** The full key: shown to its owner once, never stored. */
  key: string;
  prefix: string;
  hash: string;
}

/** `dpk_<live|test>_<43 base62 characters = 256 random bits>`. */
export function generateApiKey(mode: ApiKeyModeName): GeneratedApiKey {
  const key = `dpk_${mode.toLowerCase()}_${base62(randomBytes(32), SECRET_DIGITS)}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}
