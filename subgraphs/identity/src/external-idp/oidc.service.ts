import { createHash, randomBytes } from 'node:crypto';
import { DomainError, ErrorCode, type ClientInfo, type SecretBox } from '@dataplat/kit';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { IdentityError } from '../errors';
import type { AuthResponse } from '../auth/auth.types';
import type { ExternalLoginService } from './external-login.service';
import type { ExternalLoginRepository } from './login-state.repository';
import type { ProviderRow } from './provider.repository';
import type { ProviderService } from './provider.service';
import type { SpEndpoints } from './sp-endpoints';

/** How long a started sign-in may take at the provider. */
export const STATE_TTL_SECONDS = 600;
const HTTP_TIMEOUT_MS = 10_000;
/** ID tokens must be signed with the provider's asymmetric keys (never `none`, never HMAC). */
const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

export interface CallbackParams {
  code?: string | null;
  state?: string | null;
  error?: string | null;
  errorDescription?: string | null;
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');
const random = (): string => randomBytes(32).toString('base64url');
const strip = (url: string): string => url.replace(/\/+$/, '');

/** JWKS fetchers per jwks_uri: jose caches the keys and refetches on an unknown `kid`. */
const JWKS = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * OpenID Connect relying party (authorization code + PKCE S256, response_mode=form_post):
 * docs/identity-external-idp.md. State, nonce and verifier are kept server-side (hashed or
 * sealed), expire after 10 minutes and are consumed once.
 */
export class OidcService {
  constructor(
    private readonly admin: ProviderService,
    private readonly pending: ExternalLoginRepository,
    private readonly login: ExternalLoginService,
    private readonly box: SecretBox,
    private readonly sp: SpEndpoints,
  ) {}

  /** The provider's authorization URL for a new sign-in (its state stored server-side). */
  async authorize(provider: ProviderRow): Promise<string> {
    const discovery = await this.discover(provider);
    const [state, nonce, verifier] = [random(), random(), random()];
    const stateHash = sha256(state);
    await this.pending.saveState({
      tenantId: provider.tenantId,
      providerId: provider.id,
      stateHash,
      nonceHash: sha256(nonce),
      codeVerifierSealed: this.box.seal(verifier, stateHash),
      expiresAt: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
    });
    const url = new URL(discovery.authorization_endpoint);
    const params = {
      response_type: 'code',
      response_mode: 'form_post',
      client_id: provider.clientId!,
      redirect_uri: this.sp.redirectUri(provider.id),
      scope: provider.scopes.join(' '),
      state,
      nonce,
      code_challenge: pkceChallenge(verifier),
      code_challenge_method: 'S256',
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  async callback(providerId: string, params: CallbackParams, client: ClientInfo): Promise<AuthResponse> {
    const provider = await this.admin.signInProvider(providerId, 'OIDC');
    const state = typeof params.state === 'string' ? params.state : '';
    const stateHash = sha256(state);
    // The state is consumed first, whatever follows: a failed attempt cannot be retried with it.
    const pending = state ? await this.pending.consumeState(provider.tenantId, provider.id, stateHash) : null;
    if (!pending) throw new DomainError(IdentityError.EXTERNAL_STATE_INVALID);
    if (params.error) throw new DomainError(IdentityError.EXTERNAL_PROVIDER_ERROR, undefined, { error: String(params.error).slice(0, 200), description: params.errorDescription ? String(params.errorDescription).slice(0, 500) : null });
    if (!params.code) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'code is required', { field: 'code' });
    const discovery = await this.discover(provider);
    const tokens = await this.exchange(provider, discovery, String(params.code), this.box.open(pending.codeVerifierSealed, stateHash));
    const claims = await this.verifyIdToken(provider, discovery, tokens.id_token, pending.nonceHash);
    let email = typeof claims.email === 'string' ? claims.email : null;
    let verified = claims.email_verified === true;
    let profile: JWTPayload = claims;
    if (!email && discovery.userinfo_endpoint && typeof tokens.access_token === 'string') {
      profile = await this.userinfo(discovery.userinfo_endpoint, tokens.access_token, claims.sub!);
      email = typeof profile.email === 'string' ? profile.email : null;
      verified = profile.email_verified === true;
    }
    return this.login.signIn(
      provider,
      { subject: claims.sub!, email, emailVerified: verified, firstName: str(profile.given_name), lastName: str(profile.family_name), method: 'oidc' },
      client,
    );
  }

  /** The discovery document; its issuer must be the configured one (OIDC Discovery 4.3). */
  private async discover(provider: ProviderRow): Promise<Discovery> {
    const fail = (reason: string) => new DomainError(IdentityError.IDP_INVALID_CONFIG, undefined, { field: 'oidc.issuer', reason });
    let doc: Discovery;
    try {
      const res = await fetch(`${provider.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), redirect: 'error' });
      if (!res.ok) throw fail(`discovery answered ${res.status}`);
      doc = (await res.json()) as Discovery;
    } catch (e) {
      if (e instanceof DomainError) throw e;
      throw fail('discovery document unreachable or not JSON');
    }
    if (typeof doc.issuer !== 'string' || strip(doc.issuer) !== strip(provider.issuer!)) throw fail('discovery issuer differs from the configured issuer');
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof doc[key] !== 'string' || !/^https?:\/\//.test(doc[key])) throw fail(`discovery lacks ${key}`);
    }
    return doc;
  }

  /** Authorization code exchange (RFC 6749 4.1.3, RFC 7636 4.5), client_secret_basic unless only _post is offered. */
  private async exchange(provider: ProviderRow, d: Discovery, code: string, verifier: string): Promise<{ id_token?: unknown; access_token?: unknown }> {
    const secret = this.admin.clientSecret(provider);
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: this.sp.redirectUri(provider.id), code_verifier: verifier });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const methods = d.token_endpoint_auth_methods_supported;
    if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
      form.set('client_id', provider.clientId!);
      form.set('client_secret', secret);
    } else {
      const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
      headers.authorization = `Basic ${Buffer.from(`${enc(provider.clientId!)}:${enc(secret)}`).toString('base64')}`;
    }
    let res: Response;
    try {
      res = await fetch(d.token_endpoint, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), redirect: 'error' });
    } catch {
      throw new DomainError(IdentityError.EXTERNAL_PROVIDER_ERROR, undefined, { error: 'token_endpoint_unreachable' });
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new DomainError(IdentityError.EXTERNAL_PROVIDER_ERROR, undefined, { error: typeof body.error === 'string' ? body.error : `http_${res.status}` });
    return body;
  }

  private async verifyIdToken(provider: ProviderRow, d: Discovery, idToken: unknown, nonceHash: string): Promise<JWTPayload> {
    const bad = (reason: string) => new DomainError(IdentityError.EXTERNAL_TOKEN_INVALID, undefined, { reason });
    if (typeof idToken !== 'string') throw bad('the token response has no id_token');
    let keys = JWKS.get(d.jwks_uri);
    if (!keys) JWKS.set(d.jwks_uri, (keys = createRemoteJWKSet(new URL(d.jwks_uri), { timeoutDuration: HTTP_TIMEOUT_MS })));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, { issuer: d.issuer, audience: provider.clientId!, algorithms: ID_TOKEN_ALGORITHMS, clockTolerance: 60, requiredClaims: ['sub', 'exp', 'iat'] }));
    } catch (e) {
      throw bad((e as { code?: string }).code ?? 'verification failed');
    }
    // OIDC Core 3.1.3.7: with several audiences, azp must be us.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) throw bad('azp is not our client_id');
    if (typeof payload.nonce !== 'string' || sha256(payload.nonce) !== nonceHash) throw bad('nonce mismatch');
    return payload;
  }

  private async userinfo(endpoint: string, accessToken: string, sub: string): Promise<JWTPayload> {
    try {
      const res = await fetch(endpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), redirect: 'error' });
      const body = (await res.json()) as JWTPayload;
      // OIDC Core 5.3.2: the userinfo sub must be the ID token's.
      return res.ok && body.sub === sub ? body : {};
    } catch {
      return {};
    }
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
