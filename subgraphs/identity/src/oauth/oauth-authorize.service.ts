import { DomainError, ErrorCode, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { AuthorizeArgs } from './oauth.inputs';
import type { OAuthClientRepository, OAuthClientRow } from './oauth-client.repository';
import type { OAuthAuthorization } from './oauth.type';
import type { OAuthTokenRepository } from './oauth-token.repository';
import { isPkceValue, PKCE_METHODS, randomSecret, sha256Hex, type PkceMethod } from './oauth-secrets';
import { matchRedirectUri, withParams } from './redirect-uri';
import { joinScope, splitScope } from './scopes';

/** Authorization codes live this long (RFC 6749 4.1.2 recommends at most 10 minutes). */
export const CODE_TTL_SECONDS = 60;

/** An error the client learns at its redirect URI (RFC 6749 4.1.2.1). */
class RedirectableError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const notRedirectable = (code: ErrorCode, message: string, parameter: string) => new DomainError(code, message, { parameter });

/**
 * The authorization endpoint (RFC 6749 4.1.1, RFC 7636). The signed-in user (a login access
 * token) consents by calling it. Problems with client_id or redirect_uri are answered to the
 * caller (400, never a redirect); every other problem goes to the redirect URI with `error`
 * and `state`.
 */
export class OAuthAuthorizeService {
  constructor(
    private readonly clients: OAuthClientRepository,
    private readonly tokens: OAuthTokenRepository,
    private readonly issuer: string,
  ) {}

  async authorize(args: AuthorizeArgs, principal: Principal): Promise<OAuthAuthorization> {
    if (principal.kind !== 'access_token' || principal.clientId || !principal.homeTenantId) throw new DomainError(IdentityError.OAUTH_CONSENT_REQUIRES_USER);
    const tenantId = principal.homeTenantId;
    if (!args.client_id) throw notRedirectable(IdentityError.OAUTH_INVALID_REQUEST, 'client_id is required', 'client_id');
    const client = await this.clients.find(tenantId, args.client_id);
    if (!client) throw notRedirectable(IdentityError.OAUTH_INVALID_REQUEST, 'Unknown client_id', 'client_id');
    const redirectUri = this.redirectUriOf(client, args.redirect_uri);
    const respond = (params: Record<string, string | undefined>) => withParams(redirectUri, { ...params, state: args.state, iss: this.issuer });
    try {
      const { scopes, challenge } = await this.check(args, client, { tenantId, userId: principal.subject });
      const code = randomSecret();
      await this.tokens.createCode({
        tenantId,
        codeHash: sha256Hex(code),
        clientId: client.id,
        userId: principal.subject,
        redirectUri,
        redirectUriGiven: args.redirect_uri !== undefined,
        scopes,
        codeChallenge: challenge?.value ?? null,
        codeChallengeMethod: challenge?.method ?? null,
        expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
      });
      return { redirectUri: respond({ code }), code, state: args.state ?? null, iss: this.issuer, error: null, error_description: null };
    } catch (e) {
      if (!(e instanceof RedirectableError)) throw e;
      return { redirectUri: respond({ error: e.error, error_description: e.description }), code: null, state: args.state ?? null, iss: this.issuer, error: e.error, error_description: e.description };
    }
  }

  /** RFC 6749 3.1.2.3: the named URI must be registered; without one, the client must have exactly one. */
  private redirectUriOf(client: OAuthClientRow, requested: string | undefined): string {
    if (requested !== undefined) {
      const match = matchRedirectUri(requested, client.redirectUris);
      if (!match) throw notRedirectable(IdentityError.OAUTH_INVALID_REDIRECT_URI, 'redirect_uri is not registered for this client', 'redirect_uri');
      return match;
    }
    if (client.redirectUris.length !== 1) throw notRedirectable(IdentityError.OAUTH_INVALID_REDIRECT_URI, 'redirect_uri is required: the client has several (or none) registered', 'redirect_uri');
    return client.redirectUris[0];
  }

  private async check(args: AuthorizeArgs, client: OAuthClientRow, user: { tenantId: string; userId: string }) {
    if (!args.response_type) throw new RedirectableError('invalid_request', 'response_type is required');
    if (args.response_type !== 'code') throw new RedirectableError('unsupported_response_type', 'The only response type is "code"');
    if (!client.grantTypes.includes('authorization_code')) throw new RedirectableError('unauthorized_client', 'The client may not use the authorization code grant');
    const challenge = this.challengeOf(args, client);
    const requested = args.scope === undefined ? client.scopes : splitScope(args.scope);
    const foreign = requested.filter((s) => !client.scopes.includes(s));
    if (foreign.length) throw new RedirectableError('invalid_scope', `Scope not allowed for this client: ${joinScope(foreign)}`);
    const held = await this.clients.permissionsOf(user.tenantId, user.userId);
    const scopes = requested.filter((s) => held.has(s));
    if (scopes.length === 0) throw new RedirectableError('invalid_scope', 'None of the requested scopes can be granted by this user');
    return { scopes, challenge };
  }

  /** RFC 7636 4.3; PKCE is required of public clients. The method defaults to plain (4.3). */
  private challengeOf(args: AuthorizeArgs, client: OAuthClientRow): { value: string; method: PkceMethod } | null {
    if (args.code_challenge === undefined) {
      if (args.code_challenge_method !== undefined) throw new RedirectableError('invalid_request', 'code_challenge_method without code_challenge');
      if (client.tokenEndpointAuthMethod === 'none') throw new RedirectableError('invalid_request', 'PKCE (code_challenge) is required for public clients');
      return null;
    }
    const method = (args.code_challenge_method ?? 'plain') as PkceMethod;
    if (!PKCE_METHODS.includes(method)) throw new RedirectableError('invalid_request', 'code_challenge_method must be S256 or plain');
    if (!isPkceValue(args.code_challenge)) throw new RedirectableError('invalid_request', 'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
    return { value: args.code_challenge, method };
  }
}
