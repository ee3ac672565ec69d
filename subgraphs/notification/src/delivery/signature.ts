import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (docs/notification-service.md "Webhook signatures"), the scheme Stripe
 * uses: header `X-Dataplat-Signature: t=<unix seconds>,v1=<hex>` where the hex is
 * HMAC-SHA256, keyed with the channel's signing secret (its UTF-8 bytes, `whsec_` prefix
 * included), over `<t>.<raw request body>`. Receivers recompute it over the raw body and
 * refuse a timestamp older than their tolerance (replays).
 */
export const SIGNATURE_HEADER = 'X-Dataplat-Signature';

export const signatureOf = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/** The header value for a body sent at `timestamp` (unix seconds). */
export const signWebhook = (secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string =>
  `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;

/**
 * True when `header` carries a v1 signature of `body` under `secret` with a timestamp within
 * `toleranceSeconds` of `now` (unix seconds). Several v1 entries are accepted (secret rotation).
 */
export function verifyWebhookSignature(secret: string, body: string, header: string, toleranceSeconds = 300, now = Math.floor(Date.now() / 1000)): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v ?? ''))
    .some(([, v]) => timingSafeEqual(Buffer.from(v, 'hex'), expected));
}
