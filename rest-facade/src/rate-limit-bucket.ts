import type { AuthOutcome } from '@dataplat/gateway';

export interface RateLimitBucket {
  key: string;
  /** Requests per minute. */
  limit: number;
}

/**
 * Which counter a request draws on: an API key its own (`k:<tenant>:<key id>`, with the
 * key's `rateLimit`, else the platform default), any other caller its principal
 * (`p:<home tenant>:<subject>`), an anonymous or refused one its address (`ip:<address>`).
 */
export function rateLimitBucket(auth: AuthOutcome, ip: string, defaultPerMinute: number): RateLimitBucket {
  if (auth.principal && auth.rateLimit) return { key: auth.rateLimit.key, limit: auth.rateLimit.perMinute ?? defaultPerMinute };
  const p = auth.principal;
  return { key: p ? `p:${p.homeTenantId}:${p.subject}` : `ip:${ip}`, limit: defaultPerMinute };
}
