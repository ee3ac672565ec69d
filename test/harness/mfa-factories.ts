import { createHmac } from 'node:crypto';
import type { ApiClient, ApiResponse } from './client';
import { query } from './database';
import type { CreatedUser } from './factories';

/** RFC 4648 base32 decoding (the TOTP secret), written here so tests do not share the server's library. */
export function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of input.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) computed by the test, as an authenticator app would. */
export function totp(secret: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Enrolls and verifies TOTP for the caller (code of the current step); the secret and backup codes. */
export async function enableTotp(api: ApiClient, token: string): Promise<{ secret: string; backupCodes: string[] }> {
  const enrolled = await api.post('/api/v1/mfa/totp/enroll', undefined, { token });
  if (enrolled.status !== 200) throw new Error(`enroll failed: ${enrolled.status} ${enrolled.text}`);
  const verified = await api.post('/api/v1/mfa/totp/verify', { code: totp(enrolled.body.secret) }, { token });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
  return { secret: enrolled.body.secret, backupCodes: verified.body.backupCodes };
}

/** A login expected to answer with an MFA challenge. */
export async function challenge(api: ApiClient, user: Pick<CreatedUser, 'email' | 'password'>, fingerprint?: string): Promise<{ challengeId: string; availableMethods: string[]; expiresIn: number; mfaRequired: boolean }> {
  const res = await api.post('/api/v1/auth/login', { email: user.email, password: user.password, ...(fingerprint ? { deviceFingerprint: fingerprint } : {}) });
  if (res.status !== 200 || !res.body.mfaRequired) throw new Error(`expected an MFA challenge: ${res.status} ${res.text}`);
  return res.body;
}

export const verifyChallenge = (api: ApiClient, challengeId: string, method: string, code: string): Promise<ApiResponse> =>
  api.post('/api/v1/auth/mfa/verify', { challengeId, method, code });

/** The newest code in a message to `recipient` with a template (outbox). */
export async function latestCode(databaseUrl: string, recipient: string, template: string): Promise<string> {
  const rows = await query<{ body: string }>(databaseUrl, 'SELECT body FROM platform.notification_outbox WHERE recipient = $1 AND template = $2 ORDER BY id DESC LIMIT 1', [recipient, template]);
  const match = rows.length ? /code: (\d{6})/.exec(rows[0].body) : null;
  if (!match) throw new Error(`no ${template} code for ${recipient}`);
  return match[1];
}

/** A random valid E.164 mobile number (German 0151 range). */
export const phoneNumber = () => `+49151${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
