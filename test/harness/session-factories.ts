import type { ApiClient, ApiResponse } from './client';
import { query } from './database';
import type { CreatedUser } from './factories';

/** A browser-like User-Agent (parsed by the device code as "Chrome on Windows"). */
export const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36';
export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

export interface LoginOptions {
  /** Sent as X-Forwarded-For (the edge trusts loopback peers by default). */
  ip?: string;
  userAgent?: string;
  /** Sent as the X-Device-Fingerprint header. */
  fingerprintHeader?: string;
  /** Sent as deviceFingerprint in the body. */
  fingerprint?: string;
}

export interface Login {
  accessToken: string;
  refreshToken: string;
  /** The session id (`sid` claim of the access token). */
  sessionId: number;
  /** The access token's jti. */
  jti: string;
}

export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** POST /api/v1/auth/login with client facts; the raw response. */
export function loginRaw(api: ApiClient, user: Pick<CreatedUser, 'email' | 'password'>, opts: LoginOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  if (opts.userAgent) headers['user-agent'] = opts.userAgent;
  if (opts.fingerprintHeader !== undefined) headers['x-device-fingerprint'] = opts.fingerprintHeader;
  const body = { email: user.email, password: user.password, ...(opts.fingerprint !== undefined ? { deviceFingerprint: opts.fingerprint } : {}) };
  return api.post('/api/v1/auth/login', body, { headers });
}

/** A successful login: tokens, session id and jti. */
export async function loginAs(api: ApiClient, user: Pick<CreatedUser, 'email' | 'password'>, opts: LoginOptions = {}): Promise<Login> {
  const res = await loginRaw(api, user, opts);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  const claims = claimsOf(res.body.accessToken);
  return { accessToken: res.body.accessToken, refreshToken: res.body.refreshToken, sessionId: claims.sid, jti: claims.jti };
}

export const refresh = (api: ApiClient, refreshToken: string) => api.post('/api/v1/auth/refresh', { refreshToken });

export interface AuthEventRow {
  type: string;
  outcome: string;
  reason: string | null;
  ip_address: string | null;
}

/** Auth events of a user, oldest first. */
export function authEvents(databaseUrl: string, userId: string, type?: string): Promise<AuthEventRow[]> {
  return query<AuthEventRow>(
    databaseUrl,
    `SELECT type, outcome, reason, ip_address FROM identity.auth_events WHERE user_id = $1 ${type ? 'AND type = $2' : ''} ORDER BY id`,
    type ? [userId, type] : [userId],
  );
}

/** Whether an access token id is on the blocklist. */
export async function isBlocklisted(databaseUrl: string, jti: string): Promise<boolean> {
  return (await query(databaseUrl, 'SELECT 1 FROM identity.revoked_tokens WHERE jti = $1', [jti])).length === 1;
}
