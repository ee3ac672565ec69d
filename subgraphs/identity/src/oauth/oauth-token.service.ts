import { randomUUID } from 'node:crypto';
import { DomainError, ErrorCode, type TokenService } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { UserRepository } from '../users/user.repository';
import { ClientAuthenticator } from './client-auth';
import type { TokenArgs } from './oauth.inputs';
import type { OAuthClientRepository, OAuthClientRow } from './oauth-client.repository';
import type { OAuthTokenResponse } from './oauth.type';
import type { CodeRow, OAuthTokenRepository, RefreshRow } from './oauth-token.repository';
import { randomSecret, sha256Hex, verifyPkce, type PkceMethod } from './oauth-secrets';
import { joinScope, splitScope } from './scopes';

const oauthError = (code: ErrorCode, error: string, message: string) => new DomainError(code, message, { error });
const invalidGrant = (message: string) => oauthError(IdentityError.OAUTH_INVALID_GRANT, 'invalid_grant', message);
const invalidRequest = (message: string) => oauthError(IdentityError.OAUTH_INVALID_REQUEST, 'invalid_request', message);
const invalidScope = (message: string) => oauthError(IdentityError.OAUTH_INVALID_SCOPE, 'invalid_scope', message);

export interface TokenSettings {
  /** Issuer identifier (PUBLIC_URL): the `aud` of the access tokens. */
  audience: string;
  refreshSeconds: number;
}

/**
 * The token endpoint (RFC 6749 section 4.1.3, 4.4, 6). Access tokens are platform JWTs in
 * the shape of RFC 9068 (`client_id`, `scope`, `aud`); refresh tokens are opaque, stored
 * hashed, and rotated on every use. A code or refresh token presented a second time ends its
 * whole family.
 */
export class OAuthTokenService {
  private readonly auth: ClientAuthenticator;

  constructor(
    private readonly clients: OAuthClientRepository,
    private readonly repo: OAuthTokenRepository,
    private readonly users: UserRepository,
    private readonly jwt: TokenService,
    private readonly settings: TokenSettings,
  ) {
    this.auth = new ClientAuthenticator(clients);
  }

  async token(args: TokenArgs): Promise<OAuthTokenResponse> {
    const client = await this.auth.authenticate(args, true);
    if (!args.grant_type) throw invalidRequest('grant_type is required');
    if (!['authorization_code', 'client_credentials', 'refresh_token'].includes(args.grant_type)) {
      throw oauthError(IdentityError.OAUTH_UNSUPPORTED_GRANT_TYPE, 'unsupported_grant_type', `Unsupported grant_type "${args.grant_type.slice(0, 50)}"`);
    }
    if (!client.grantTypes.includes(args.grant_type)) {
      throw oauthError(IdentityError.OAUTH_UNAUTHORIZED_CLIENT, 'unauthorized_client', `The client may not use the ${args.grant_type} grant`);
    }
    if (args.grant_type === 'authorization_code') return this.exchangeCode(args, client);
    if (args.grant_type === 'refresh_token') return this.refresh(args, client);
    return this.clientCredentials(args, client);
  }

  private async exchangeCode(args: TokenArgs, client: OAuthClientRow): Promise<OAuthTokenResponse> {
    if (!args.code) throw invalidRequest('code is required');
    const code = await this.repo.findCode(sha256Hex(args.code));
    if (!code || code.clientId !== client.id) throw invalidGrant('Unknown authorization code');
    if (!(await this.repo.consumeCode(code))) {
      // RFC 6749 4.1.2: a code used twice revokes what was issued from it.
      await this.repo.revokeFamily(code.tenantId, code.id, 'oauth_code_reused');
      throw invalidGrant('The authorization code was already used; tokens issued from it are revoked');
    }
    if (code.expiresAt <= new Date()) throw invalidGrant('The authorization code has expired');
    if (code.redirectUriGiven ? args.redirect_uri !== code.redirectUri : args.redirect_uri !== undefined && args.redirect_uri !== code.redirectUri) {
      throw invalidGrant('redirect_uri does not match the authorization request');
    }
    this.checkVerifier(code, args.code_verifier);
    return this.issueForUser(client, code, code.scopes);
  }

  /** RFC 7636 4.6; a verifier sent for a code issued without a challenge is refused too (downgrade). */
  private checkVerifier(code: CodeRow, verifier: string | undefined): void {
    if (!code.codeChallenge) {
      if (verifier !== undefined) throw invalidGrant('code_verifier sent, but the authorization request had no code_challenge');
      return;
    }
    if (verifier === undefined) throw invalidGrant('code_verifier is required');
    if (!verifyPkce(verifier, code.codeChallenge, code.codeChallengeMethod as PkceMethod)) throw invalidGrant('code_verifier does not match the code_challenge');
  }

  private async refresh(args: TokenArgs, client: OAuthClientRow): Promise<OAuthTokenResponse> {
    if (!args.refresh_token) throw invalidRequest('refresh_token is required');
    const token = await this.repo.findRefresh(sha256Hex(args.refresh_token));
    if (!token || token.clientId !== client.id) throw invalidGrant('Unknown refresh token');
    if (token.revokedAt) throw invalidGrant('The refresh token has been revoked');
    if (token.usedAt) return this.reused(token);
    if (token.expiresAt <= new Date()) throw invalidGrant('The refresh token has expired');
    const requested = args.scope === undefined ? token.scopes : splitScope(args.scope);
    const wider = requested.filter((s) => !token.scopes.includes(s));
    if (wider.length) throw invalidScope(`Scope beyond the original grant: ${joinScope(wider)}`);
    return this.issueForUser(client, { id: token.codeId, tenantId: token.tenantId, userId: token.userId }, requested, token);
  }

  /** A rotated refresh token came back: someone holds a copy. The whole family ends. */
  private async reused(token: RefreshRow): Promise<never> {
    await this.repo.revokeFamily(token.tenantId, token.codeId, 'oauth_refresh_reused');
    throw invalidGrant('The refresh token was already used; the whole grant is revoked');
  }

  /** Tokens for the user behind a code or refresh token: current roles, scopes cut to current permissions. */
  private async issueForUser(client: OAuthClientRow, family: Pick<CodeRow, 'id' | 'tenantId' | 'userId'>, requested: string[], rotates?: RefreshRow): Promise<OAuthTokenResponse> {
    const user = await this.users.findById(family.tenantId, family.userId);
    if (!user || !user.enabled) throw invalidGrant('The user of this grant is disabled or gone');
    const held = await this.clients.permissionsOf(family.tenantId, family.userId);
    const scopes = requested.filter((s) => held.has(s));
    if (scopes.length === 0) throw invalidScope('None of the granted scopes is still held by the user');
    const access = await this.accessToken(client, user.id, scopes, { roles: user.roles });
    const refresh = client.grantTypes.includes('refresh_token') ? randomSecret() : null;
    const recorded = await this.repo.issue(
      { jti: access.jti, tenantId: family.tenantId, clientId: client.id, userId: user.id, codeId: family.id, scopes, expiresAt: access.expiresAt },
      refresh ? { tokenHash: sha256Hex(refresh), expiresAt: new Date(Date.now() + this.settings.refreshSeconds * 1000), rotates } : undefined,
    );
    if (!recorded && rotates) return this.reused(rotates);
    return { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, refresh_token: refresh, scope: joinScope(scopes) };
  }

  /** RFC 6749 4.4: the client's own token, bound to its tenant, with no roles; no refresh token (4.4.3). */
  private async clientCredentials(args: TokenArgs, client: OAuthClientRow): Promise<OAuthTokenResponse> {
    const requested = args.scope === undefined ? client.scopes : splitScope(args.scope);
    const foreign = requested.filter((s) => !client.scopes.includes(s));
    if (foreign.length) throw invalidScope(`Scope not allowed for this client: ${joinScope(foreign)}`);
    if (requested.length === 0) throw invalidScope('The client has no scope to grant');
    const access = await this.accessToken(client, client.id, requested, { roles: [] });
    await this.repo.issue({ jti: access.jti, tenantId: client.tenantId, clientId: client.id, userId: null, codeId: null, scopes: requested, expiresAt: access.expiresAt });
    return { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, refresh_token: null, scope: joinScope(requested) };
  }

  private accessToken(client: OAuthClientRow, subject: string, scopes: string[], extra: { roles: string[] }) {
    return this.jwt.issue('access', subject, { tenant_id: client.tenantId, roles: extra.roles, client_id: client.id, scope: joinScope(scopes), aud: this.settings.audience }, undefined, randomUUID(), 'at+jwt');
  }
}
