import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { DomainError, ErrorCode } from '../errors';
import type { Principal } from './principal';
import { importHmacKey, type HmacKey } from './tokens';

/** Header carrying the signed principal from the gateway to the subgraphs. */
export const PRINCIPAL_HEADER = 'x-dataplat-principal';
const AUDIENCE = 'dataplat-subgraph';
const LIFETIME_SECONDS = 300;

/**
 * Signs and verifies the principal the gateway forwards to subgraphs. The key is derived
 * from JWT_SECRET with HKDF for this one purpose, so a forwarded principal can never be
 * replayed as an access token and vice versa. Both sides cache: the gateway reuses a
 * signature for the same credential, a subgraph verifies a given token once.
 */
export class PrincipalCodec {
  private readonly signed = new LRUCache<string, { token: string; until: number }>({ max: 50_000 });
  private readonly verified = new LRUCache<string, Principal>({ max: 50_000, ttlAutopurge: false });

  private constructor(private readonly key: HmacKey) {}

  static async create(jwtSecret: string): Promise<PrincipalCodec> {
    const derived = new Uint8Array(hkdfSync('sha256', jwtSecret, 'dataplat', 'internal-principal-v1', 32));
    return new PrincipalCodec(await importHmacKey(derived));
  }

  /** `cacheKey` identifies the presented credential (e.g. the token's jti). */
  async sign(principal: Principal, cacheKey: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const hit = this.signed.get(cacheKey);
    if (hit && hit.until > now) return hit.token;
    const token = await new SignJWT({ p: principal })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + LIFETIME_SECONDS)
      .sign(this.key);
    // Reuse for most of its life, leaving a margin for the subgraph's clock.
    this.signed.set(cacheKey, { token, until: now + LIFETIME_SECONDS - 60 });
    return token;
  }

  async verify(token: string): Promise<Principal> {
    const cached = this.verified.get(token);
    if (cached) return cached;
    try {
      const { payload } = await jwtVerify(token, this.key, { audience: AUDIENCE, algorithms: ['HS256'] });
      const principal = payload.p as Principal;
      this.verified.set(token, principal, { ttl: Math.max(1, (payload.exp as number) * 1000 - Date.now()) });
      return principal;
    } catch {
      throw new DomainError(ErrorCode.AUTHENTICATION_REQUIRED, 'Invalid internal principal');
    }
  }
}
