import { DomainError, type ClientInfo, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { AuthEventRepository } from '../auth/auth-event.repository';
import { nameFromUserAgent } from '../devices/user-agent';
import type { TokenRevocationService } from '../tokens/revocation.service';
import { ownerOf, type Owner } from './owner';
import type { SessionQueryRepository, SessionRow } from './session-query.repository';
import type { SessionRevocationRepository } from './session-revocation.repository';
import { SessionState, type CurrentSession, type RevokedSessions, type Session } from './session.type';

/** Why a session was revoked (sessions.revoked_reason). */
export type SessionRevokeScope = 'single' | 'others' | 'all' | 'device_blocked';

/**
 * The caller's own sessions (spec 1 "Sessions"): list, count, revoke. Revoking a session
 * invalidates its refresh token and blocklists the access tokens issued from it, and is
 * recorded as a SESSION_REVOKED auth event.
 */
export class SessionService {
  constructor(
    private readonly queries: SessionQueryRepository,
    private readonly writes: SessionRevocationRepository,
    private readonly revocation: TokenRevocationService,
    private readonly events: AuthEventRepository,
  ) {}

  async list(principal: Principal, includeInactive: boolean): Promise<Session[]> {
    const now = new Date();
    const rows = await this.queries.list(ownerOf(principal), { includeInactive, now });
    return rows.map((r) => toSession(r, principal, now));
  }

  async count(principal: Principal): Promise<number> {
    return this.queries.countActive(ownerOf(principal), new Date());
  }

  /** The presented credential: user, tenant, roles, token expiry and its session. */
  async current(principal: Principal): Promise<CurrentSession> {
    const owner = ownerOf(principal);
    const now = new Date();
    const [row, token] = await Promise.all([
      principal.sessionId !== undefined ? this.queries.findOne(owner, principal.sessionId) : null,
      principal.tokenId ? this.queries.findAccessToken(owner, principal.tokenId) : null,
    ]);
    return {
      userId: owner.userId,
      tenantId: owner.tenantId,
      actingTenantId: principal.tenantId,
      roles: principal.roles,
      credential: principal.kind,
      passwordChangeRequired: principal.passwordChangeRequired === true,
      tokenId: principal.tokenId ?? null,
      tokenIssuedAt: token?.issuedAt ?? null,
      tokenExpiresAt: token?.expiresAt ?? null,
      tokenExpiresIn: token ? Math.max(0, Math.floor((token.expiresAt.getTime() - now.getTime()) / 1000)) : null,
      session: row ? toSession(row, principal, now) : null,
    };
  }

  /**
   * Revokes one of the caller's sessions. Unknown ids and other users' sessions are 404. An
   * already revoked or expired session of the caller is a no-op success (DELETE is
   * idempotent), but its access tokens are still blocklisted: a session ended by logout
   * keeps live access tokens until they expire, and deleting it should end those too.
   */
  async revoke(principal: Principal, id: number, client: ClientInfo): Promise<boolean> {
    const owner = ownerOf(principal);
    const revoked = await this.writes.revokeOne(owner, id, reasonOf('single'));
    if (!revoked && !(await this.queries.findOne(owner, id))) throw new DomainError(IdentityError.SESSION_NOT_FOUND);
    await this.revocation.revokeSessions(owner.tenantId, owner.userId, [id], 'session_revoked');
    if (revoked) await this.record(owner, 'single', [id], client);
    return true;
  }

  /** Every active session but the current one (all of them for a credential without a session). */
  async revokeOthers(principal: Principal, client: ClientInfo): Promise<RevokedSessions> {
    const owner = ownerOf(principal);
    const ids = await this.writes.revokeActive(owner, reasonOf('others'), { keep: principal.sessionId });
    await this.revocation.revokeSessions(owner.tenantId, owner.userId, ids, 'session_revoked');
    if (ids.length) await this.record(owner, 'others', ids, client);
    return { revoked: ids.length };
  }

  /**
   * Every active session, the current one included: every refresh token fails afterwards
   * and every live access token of the user is blocklisted, so the user must log in again.
   */
  async revokeAll(principal: Principal, client: ClientInfo): Promise<RevokedSessions> {
    const owner = ownerOf(principal);
    const ids = await this.writes.revokeActive(owner, reasonOf('all'));
    await this.revocation.revokeUser(owner.tenantId, owner.userId, 'logout_all');
    if (ids.length) await this.record(owner, 'all', ids, client);
    return { revoked: ids.length };
  }

  /** Used by device blocking: the device's active sessions end with it. */
  async revokeDeviceSessions(owner: Owner, deviceId: number, client: ClientInfo): Promise<number[]> {
    const ids = await this.writes.revokeActive(owner, reasonOf('device_blocked'), { deviceId });
    await this.revocation.revokeSessions(owner.tenantId, owner.userId, ids, 'session_revoked');
    if (ids.length) await this.record(owner, 'device_blocked', ids, client);
    return ids;
  }

  private record(owner: Owner, scope: SessionRevokeScope, ids: number[], client: ClientInfo): Promise<void> {
    return this.events.record({
      type: 'SESSION_REVOKED',
      outcome: 'SUCCESS',
      tenantId: owner.tenantId,
      userId: owner.userId,
      reason: eventReason(scope, ids),
      ipAddress: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
    });
  }
}

export const reasonOf = (scope: SessionRevokeScope) => `user_revoked:${scope}`;

/** `scope=others sessions=3,4,9`; long id lists are cut (the sessions rows keep the detail). */
export function eventReason(scope: SessionRevokeScope, ids: number[]): string {
  const shown = ids.slice(0, 50).join(',');
  return `scope=${scope} sessions=${shown}${ids.length > 50 ? `,...(+${ids.length - 50})` : ''}`;
}

export function stateOf(row: Pick<SessionRow, 'revokedAt' | 'expiresAt'>, now: Date): SessionState {
  if (row.revokedAt) return SessionState.REVOKED;
  return row.expiresAt <= now ? SessionState.EXPIRED : SessionState.ACTIVE;
}

export function toSession(row: SessionRow, principal: Pick<Principal, 'sessionId'>, now: Date): Session {
  return {
    ...row,
    deviceName: row.deviceName ?? nameFromUserAgent(row.userAgent),
    isCurrent: principal.sessionId === row.id,
    state: stateOf(row, now),
  };
}
