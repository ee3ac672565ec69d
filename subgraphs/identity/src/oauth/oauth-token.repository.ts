import type { OAuthAuthorizationCodeModel, OAuthRefreshTokenModel, Prisma, PrismaClient } from '@dataplat/db';
import { blocklist } from '../tokens/revocation.repository';

export type CodeRow = OAuthAuthorizationCodeModel;
export type RefreshRow = OAuthRefreshTokenModel;

export interface NewCode {
  tenantId: string;
  codeHash: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  redirectUriGiven: boolean;
  scopes: string[];
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  expiresAt: Date;
}

/** An access token (JWT) to record; userId null for client credentials, codeId null outside a family. */
export interface IssuedOAuthAccess {
  jti: string;
  tenantId: string;
  clientId: string;
  userId: string | null;
  codeId: number | null;
  scopes: string[];
  expiresAt: Date;
}

export interface NewRefresh {
  tokenHash: string;
  expiresAt: Date;
}

type Tx = Prisma.TransactionClient;

/**
 * Authorization codes, refresh tokens and issued access tokens. Codes and refresh tokens are
 * found by their hash (unique across tenants); everything after that uses the row's tenant.
 */
export class OAuthTokenRepository {
  constructor(private readonly db: PrismaClient) {}

  createCode(c: NewCode): Promise<CodeRow> {
    return this.db.oAuthAuthorizationCode.create({ data: c });
  }

  findCode(codeHash: string): Promise<CodeRow | null> {
    return this.db.oAuthAuthorizationCode.findUnique({ where: { codeHash } });
  }

  /** Marks a code used; false when it already was (a concurrent or repeated exchange). */
  async consumeCode(code: CodeRow): Promise<boolean> {
    const { count } = await this.db.oAuthAuthorizationCode.updateMany({ where: { tenantId: code.tenantId, id: code.id, usedAt: null }, data: { usedAt: new Date() } });
    return count === 1;
  }

  findRefresh(tokenHash: string): Promise<RefreshRow | null> {
    return this.db.oAuthRefreshToken.findUnique({ where: { tokenHash } });
  }

  /**
   * Records an access token and, for a family, a refresh token, in one transaction. A user's
   * token is also recorded in identity.access_tokens, so that the user-wide revocations
   * (disable, password change, role change) reach it too.
   */
  async issue(access: IssuedOAuthAccess, refresh?: NewRefresh & { rotates?: RefreshRow }): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      if (refresh?.rotates) {
        const { count } = await tx.oAuthRefreshToken.updateMany({ where: { tenantId: refresh.rotates.tenantId, id: refresh.rotates.id, usedAt: null, revokedAt: null }, data: { usedAt: new Date() } });
        if (count === 0) return false;
      }
      await tx.oAuthAccessToken.create({ data: access });
      if (access.userId) {
        await tx.accessToken.create({ data: { jti: access.jti, tenantId: access.tenantId, userId: access.userId, expiresAt: access.expiresAt } });
      }
      if (refresh && access.userId && access.codeId !== null) {
        await tx.oAuthRefreshToken.create({
          data: { tenantId: access.tenantId, tokenHash: refresh.tokenHash, clientId: access.clientId, userId: access.userId, codeId: access.codeId, scopes: refresh.rotates?.scopes ?? access.scopes, expiresAt: refresh.expiresAt },
        });
      }
      return true;
    });
  }

  /**
   * Ends a family (everything issued from one authorization code): its refresh tokens are
   * revoked and its live access tokens go on the blocklist. Returns the blocklisted ids.
   */
  revokeFamily(tenantId: string, codeId: number, reason: string): Promise<string[]> {
    return this.db.$transaction(async (tx) => {
      await tx.oAuthRefreshToken.updateMany({ where: { tenantId, codeId, revokedAt: null }, data: { revokedAt: new Date() } });
      return blocklist(tx, await this.liveAccess(tx, { tenantId, codeId }), reason);
    });
  }

  /** One access token of a client onto the blocklist (RFC 7009); false when it is not that client's. */
  async revokeAccess(tenantId: string, clientId: string, jti: string, reason: string): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const live = await this.liveAccess(tx, { tenantId, clientId, jti });
      await blocklist(tx, live, reason);
      return live.length > 0;
    });
  }

  findAccess(tenantId: string, jti: string) {
    return this.db.oAuthAccessToken.findFirst({ where: { tenantId, jti } });
  }

  async isBlocklisted(jti: string): Promise<boolean> {
    return (await this.db.revokedToken.findUnique({ where: { jti }, select: { jti: true } })) !== null;
  }

  private liveAccess(tx: Tx, where: Prisma.OAuthAccessTokenWhereInput) {
    return tx.oAuthAccessToken.findMany({ where: { ...where, expiresAt: { gt: new Date() } }, select: { jti: true, tenantId: true, userId: true, expiresAt: true } });
  }
}
