import type { SessionRepository } from '../auth/session.repository';
import type { RevocationReason, TokenRevocationService } from '../tokens/revocation.service';

/**
 * Immediate revocation of a user's access (spec 1, Authentication rule 2): refresh sessions
 * are revoked, and the live access tokens issued from them go on the blocklist.
 */
export class UserAccessRevoker {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly revocation: TokenRevocationService,
  ) {}

  /** Every session and every access token (disable, delete, administrator reset). */
  async everything(tenantId: string, userId: string, reason: RevocationReason): Promise<void> {
    await this.sessions.revokeAllForUser(tenantId, userId, reason);
    await this.revocation.revokeUser(tenantId, userId, reason);
  }

  /** Every session but `keepSessionId` and their access tokens (own password change). */
  async otherSessions(tenantId: string, userId: string, keepSessionId: number | undefined, reason: RevocationReason): Promise<void> {
    if (keepSessionId === undefined) return this.everything(tenantId, userId, reason);
    const ended = await this.sessions.revokeAllForUser(tenantId, userId, reason, keepSessionId);
    await this.revocation.revokeSessions(tenantId, userId, ended, reason);
  }

  /** Access tokens only: they carry the roles; the sessions refresh into tokens with the new ones. */
  async accessTokens(tenantId: string, userId: string, reason: RevocationReason): Promise<void> {
    await this.revocation.revokeUser(tenantId, userId, reason);
  }
}
