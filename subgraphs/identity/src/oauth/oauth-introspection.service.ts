import type { TokenClaims, TokenService } from '@dataplat/kit';
import { ClientAuthenticator } from './client-auth';
import type { TokenLookupArgs } from './oauth.inputs';
import type { OAuthClientRepository, OAuthClientRow } from './oauth-client.repository';
import type { OAuthIntrospection } from './oauth.type';
import type { OAuthTokenRepository, RefreshRow } from './oauth-token.repository';
import { sha256Hex } from './oauth-secrets';
import { joinScope } from './scopes';

const INACTIVE: OAuthIntrospection = { active: false };
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const looksLikeJwt = (token: string) => token.split('.').length === 3;

/**
 * Introspection (RFC 7662) and revocation (RFC 7009). Both authenticate the client first.
 * Introspection needs a confidential client and answers `active: false` for anything unknown,
 * expired, revoked or belonging to another tenant. Revocation answers 200 whatever the token;
 * only the client a token was issued to can revoke it.
 */
export class OAuthIntrospectionService {
  private readonly auth: ClientAuthenticator;

  constructor(
    clients: OAuthClientRepository,
    private readonly repo: OAuthTokenRepository,
    private readonly jwt: TokenService,
  ) {
    this.auth = new ClientAuthenticator(clients);
  }

  async introspect(args: TokenLookupArgs): Promise<OAuthIntrospection> {
    const client = await this.auth.authenticate(args, false);
    if (!args.token) return INACTIVE;
    if (looksLikeJwt(args.token)) return this.introspectAccess(client, args.token);
    const refresh = await this.liveRefresh(client.tenantId, args.token);
    if (!refresh) return INACTIVE;
    return {
      active: true,
      token_type: 'refresh_token',
      scope: joinScope(refresh.scopes),
      client_id: refresh.clientId,
      sub: refresh.userId,
      exp: seconds(refresh.expiresAt),
      iat: seconds(refresh.createdAt),
      tenant_id: refresh.tenantId,
    };
  }

  async revoke(args: TokenLookupArgs): Promise<boolean> {
    const client = await this.auth.authenticate(args, true);
    if (!args.token) return true;
    if (looksLikeJwt(args.token)) {
      const claims = await this.verified(args.token);
      if (claims?.client_id === client.id && claims.tenant_id === client.tenantId) await this.repo.revokeAccess(client.tenantId, client.id, claims.jti, 'oauth_revoked');
      return true;
    }
    const refresh = await this.repo.findRefresh(sha256Hex(args.token));
    // RFC 7009 2.1: revoking a refresh token also ends the access tokens of the same grant.
    if (refresh && refresh.tenantId === client.tenantId && refresh.clientId === client.id) await this.repo.revokeFamily(refresh.tenantId, refresh.codeId, 'oauth_revoked');
    return true;
  }

  private async introspectAccess(client: OAuthClientRow, token: string): Promise<OAuthIntrospection> {
    const claims = await this.verified(token);
    if (!claims || claims.tenant_id !== client.tenantId) return INACTIVE;
    if (await this.repo.isBlocklisted(claims.jti)) return INACTIVE;
    // A client's token must still be on record (its client may have been deleted since).
    if (claims.client_id && !(await this.repo.findAccess(client.tenantId, claims.jti))) return INACTIVE;
    return {
      active: true,
      token_type: 'Bearer',
      scope: typeof claims.scope === 'string' ? claims.scope : null,
      client_id: claims.client_id ?? null,
      sub: claims.sub,
      aud: typeof claims.aud === 'string' ? claims.aud : null,
      iss: claims.iss,
      jti: claims.jti,
      exp: claims.exp,
      iat: claims.iat,
      tenant_id: claims.tenant_id ?? null,
    };
  }

  /** The claims of a valid platform access token, or null (bad signature, expired, other type). */
  private async verified(token: string): Promise<TokenClaims | null> {
    try {
      return await this.jwt.verify(token, 'access');
    } catch {
      return null;
    }
  }

  private async liveRefresh(tenantId: string, token: string): Promise<RefreshRow | null> {
    const row = await this.repo.findRefresh(sha256Hex(token));
    if (!row || row.tenantId !== tenantId || row.revokedAt || row.usedAt || row.expiresAt <= new Date()) return null;
    return row;
  }
}
