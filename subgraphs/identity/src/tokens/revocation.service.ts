import type { RevocationRepository } from './revocation.repository';

/** Why access tokens were revoked before their expiry (kept on the blocklist entry). */
export type RevocationReason = 'logout_all' | 'session_revoked' | 'user_disabled' | 'user_deleted' | 'password_changed' | 'password_reset' | 'roles_changed';

/**
 * Immediate revocation (spec 1, Authentication rule 2): the named access tokens go on the
 * blocklist the gateway checks, and every gateway hears of it at once (PostgreSQL NOTIFY;
 * the Redis store, when configured, is written by the gateway's listener side).
 */
export class TokenRevocationService {
  constructor(private readonly repo: RevocationRepository) {}

  /**
   * All live access tokens of a user (disable, password change, role change, logout-all).
   * The user's API keys are re-checked too: every edge drops them from its cache, so a
   * disabled owner or a lost role takes effect for keys at once as well.
   */
  async revokeUser(tenantId: string, userId: string, reason: RevocationReason): Promise<string[]> {
    const revoked = await this.repo.revokeLive({ tenantId, userId }, reason);
    await this.repo.notifyUserChanged(tenantId, userId);
    return revoked;
  }

  /** Live access tokens issued from some of a user's sessions. */
  revokeSessions(tenantId: string, userId: string, sessionIds: number[], reason: RevocationReason): Promise<string[]> {
    if (sessionIds.length === 0) return Promise.resolve([]);
    return this.repo.revokeLive({ tenantId, userId, sessionIds }, reason);
  }
}
