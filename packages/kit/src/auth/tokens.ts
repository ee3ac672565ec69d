import { randomUUID, webcrypto } from 'node:crypto';

export type HmacKey = webcrypto.CryptoKey;
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { DomainError, ErrorCode } from '../errors';

export type TokenType = 'access' | 'refresh' | 'service' | 'api_key';

export interface TokenClaims extends JWTPayload {
  jti: string;
  sub: string;
  iss: string;
  iat: number;
  exp: number;
  type: TokenType;
  tenant_id?: string;
  roles?: string[];
  /** Session id (refresh token row) an access or refresh token belongs to. */
  sid?: number;
  /** Space-delimited scopes of a service token (RFC 9068 / RFC 8693 `scope`). */
  scope?: string;
  /** OAuth 2.0 client the access token was issued to (RFC 9068). */
  client_id?: string;
  /** Set while the user must change a temporary password (admin reset). */
  pwd_change_required?: boolean;
  /** Authentication methods references (RFC 8176) of the login: `pwd`, plus `otp`/`sms`/`mfa` after MFA. */
  amr?: string[];
}

export interface TokenLifetimes {
  accessSeconds: number;
  refreshSeconds: number;
  serviceSeconds: number;
}

export interface IssuedToken {
  token: string;
  jti: string;
  expiresIn: number;
  expiresAt: Date;
}

const WRONG_TYPE: Partial<Record<TokenType, ErrorCode>> = {
  access: ErrorCode.TOKEN_NOT_ACCESS,
  refresh: ErrorCode.TOKEN_NOT_REFRESH,
};

/** Imports an HMAC-SHA256 key once; signing and verifying reuse it. */
export async function importHmacKey(secret: string | Uint8Array): Promise<HmacKey> {
  const raw = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  return webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']) as Promise<HmacKey>;
}

/**
 * Issues and verifies the platform's JWTs (HS256). Verification failures are DomainErrors
 * carrying the exact messages of spec 1 "Errors".
 */
export class TokenService {
  private constructor(
    private readonly key: HmacKey,
    readonly issuer: string,
    readonly lifetimes: TokenLifetimes,
  ) {}

  static async create(secret: string, issuer: string, lifetimes: TokenLifetimes): Promise<TokenService> {
    return new TokenService(await importHmacKey(secret), issuer, lifetimes);
  }

  /** `typ` is the JWS header's (`at+jwt` for RFC 9068 access tokens issued to OAuth clients). */
  async issue(type: TokenType, subject: string, claims: Omit<TokenClaims, 'jti' | 'sub' | 'iss' | 'iat' | 'exp' | 'type'>, ttlSeconds?: number, jti: string = randomUUID(), typ = 'JWT'): Promise<IssuedToken> {
    const ttl = ttlSeconds ?? this.ttlOf(type);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ...claims, type })
      .setProtectedHeader({ alg: 'HS256', typ })
      .setJti(jti)
      .setSubject(subject)
      .setIssuer(this.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .sign(this.key);
    return { token, jti, expiresIn: ttl, expiresAt: new Date((now + ttl) * 1000) };
  }

  /** Verifies signature, issuer and expiry, then the `type` claim. */
  async verify(token: string, expected: TokenType): Promise<TokenClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        issuer: this.issuer,
        algorithms: ['HS256'],
        requiredClaims: ['jti', 'sub', 'iat', 'exp'],
      }));
    } catch (e) {
      throw tokenError(e, token);
    }
    const claims = payload as TokenClaims;
    if (claims.type !== expected) {
      throw new DomainError(WRONG_TYPE[expected] ?? ErrorCode.TOKEN_MALFORMED);
    }
    return claims;
  }

  private ttlOf(type: TokenType): number {
    if (type === 'refresh') return this.lifetimes.refreshSeconds;
    if (type === 'service') return this.lifetimes.serviceSeconds;
    return this.lifetimes.accessSeconds;
  }
}

/**
 * Maps a jose failure to the catalogue error with the spec's message. jose checks the
 * signature before it parses the payload, so a token that fails the signature check is
 * first checked for structure: garbage is "Malformed token", not a bad signature.
 */
export function tokenError(e: unknown, token: string): DomainError {
  if (e instanceof joseErrors.JWTExpired) return new DomainError(ErrorCode.TOKEN_EXPIRED);
  if (e instanceof joseErrors.JWSSignatureVerificationFailed || e instanceof joseErrors.JOSEAlgNotAllowed) {
    return new DomainError(isWellFormed(token) ? ErrorCode.TOKEN_BAD_SIGNATURE : ErrorCode.TOKEN_MALFORMED);
  }
  if (e instanceof joseErrors.JWTClaimValidationFailed && e.claim === 'iss') {
    return new DomainError(ErrorCode.TOKEN_BAD_ISSUER);
  }
  return new DomainError(ErrorCode.TOKEN_MALFORMED);
}

/** The token service configured by JWT_SECRET, JWT_ISSUER and the *_TOKEN_TTL variables. */
export function tokenServiceFromConfig(config: { JWT_SECRET: string; JWT_ISSUER: string; ACCESS_TOKEN_TTL: number; REFRESH_TOKEN_TTL: number; SERVICE_TOKEN_TTL: number }): Promise<TokenService> {
  return TokenService.create(config.JWT_SECRET, config.JWT_ISSUER, {
    accessSeconds: config.ACCESS_TOKEN_TTL,
    refreshSeconds: config.REFRESH_TOKEN_TTL,
    serviceSeconds: config.SERVICE_TOKEN_TTL,
  });
}

function isWellFormed(token: string): boolean {
  try {
    decodeJwt(token);
    return true;
  } catch {
    return false;
  }
}
