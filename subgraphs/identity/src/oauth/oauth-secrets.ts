import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url (43 characters): client secrets, authorization codes, refresh tokens. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

/** SHA-256 (hex): how secrets, codes and refresh tokens are stored (they are 256-bit random). */
export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** Constant-time comparison of a presented secret with a stored SHA-256 (hex). */
export function matchesHash(presented: string, storedHex: string | null): boolean {
  if (!storedHex) return false;
  const a = Buffer.from(sha256Hex(presented), 'hex');
  const b = Buffer.from(storedHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** RFC 7636 section 4.1: 43 to 128 characters of [A-Z] [a-z] [0-9] "-" "." "_" "~". */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export type PkceMethod = 'S256' | 'plain';
export const PKCE_METHODS: readonly PkceMethod[] = ['S256', 'plain'];

/** Whether a code_verifier or code_challenge has the syntax of RFC 7636 (both share it). */
export const isPkceValue = (value: string): boolean => VERIFIER.test(value);

/** RFC 7636 section 4.2: the challenge a verifier yields under a method. */
export function pkceChallenge(verifier: string, method: PkceMethod): string {
  return method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
}

/** RFC 7636 section 4.6: the verifier is well formed and yields the stored challenge (constant time). */
export function verifyPkce(verifier: string, challenge: string, method: PkceMethod): boolean {
  if (!isPkceValue(verifier)) return false;
  const a = Buffer.from(pkceChallenge(verifier, method));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
