import { HOTP, Secret, TOTP } from 'otpauth';

/** RFC 6238 parameters of every enrolled authenticator: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Accepted clock skew, in steps either side of the current one. */
export const TOTP_WINDOW = 1;

export type OtpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export interface OtpOptions {
  digits?: number;
  algorithm?: OtpAlgorithm;
  period?: number;
}

/** A new shared secret: 160 random bits (RFC 4226 section 4 recommends 160), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpOf = (base32: string, o: OtpOptions = {}, issuer?: string, label?: string) =>
  new TOTP({ secret: Secret.fromBase32(base32), algorithm: o.algorithm ?? 'SHA1', digits: o.digits ?? TOTP_DIGITS, period: o.period ?? TOTP_PERIOD_SECONDS, issuer, label });

/** The `otpauth://totp/...` URI (Key URI Format) an authenticator app scans: issuer and account. */
export function otpauthUri(base32: string, issuer: string, account: string): string {
  return totpOf(base32, {}, issuer, account).toString();
}

/** The RFC 6238 time step of a moment. */
export const timeStep = (nowMs: number, period = TOTP_PERIOD_SECONDS) => Math.floor(nowMs / 1000 / period);

/** The TOTP code of a moment (RFC 6238). */
export function totpAt(base32: string, nowMs: number, o: OtpOptions = {}): string {
  return totpOf(base32, o).generate({ timestamp: nowMs });
}

/** The HOTP code of a counter (RFC 4226). */
export function hotpAt(base32: string, counter: number, o: OtpOptions = {}): string {
  return new HOTP({ secret: Secret.fromBase32(base32), algorithm: o.algorithm ?? 'SHA1', digits: o.digits ?? TOTP_DIGITS }).generate({ counter });
}

/**
 * The time step whose code matches, looking `window` steps either side of now (clock skew),
 * or null. The caller accepts a step only if it is later than the last one used (a code
 * is accepted once). The comparison is constant-time (otpauth).
 */
export function matchTotp(base32: string, code: string, nowMs = Date.now(), window = TOTP_WINDOW, o: OtpOptions = {}): number | null {
  const digits = o.digits ?? TOTP_DIGITS;
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const delta = totpOf(base32, o).validate({ token: code, timestamp: nowMs, window });
  return delta === null ? null : timeStep(nowMs, o.period) + delta;
}

/** base32 of raw bytes (RFC 4648), for test vectors given as ASCII secrets. */
export const base32Of = (raw: string) => Secret.fromUTF8(raw).base32;
