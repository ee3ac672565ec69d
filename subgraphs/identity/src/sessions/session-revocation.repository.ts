import type { PrismaClient } from '@dataplat/db';
import type { Owner } from './owner';

/**
 * Revokes the caller's own sessions (their refresh tokens). Each call is one UPDATE ...
 * RETURNING on active rows only, so concurrent revocations never count a session twice.
 */
export class SessionRevocationRepository {
  constructor(private readonly db: PrismaClient) {}

  /** Revokes one active session; false when it is unknown, another user's, or inactive. */
  async revokeOne(owner: Owner, id: number, reason: string): Promise<boolean> {
    const now = new Date();
    const { count } = await this.db.session.updateMany({
      where: { tenantId: owner.tenantId, userId: owner.userId, id, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now, revokedReason: reason },
    });
    return count > 0;
  }

  /**
   * Revokes the owner's active sessions, all of them or those of one device, except
   * `keep`; returns the ids revoked.
   */
  async revokeActive(owner: Owner, reason: string, opts: { keep?: number; deviceId?: number } = {}): Promise<number[]> {
    const now = new Date();
    const rows = await this.db.session.updateManyAndReturn({
      where: {
        tenantId: owner.tenantId,
        userId: owner.userId,
        revokedAt: null,
        expiresAt: { gt: now },
        ...(opts.keep !== undefined ? { id: { not: opts.keep } } : {}),
        ...(opts.deviceId !== undefined ? { deviceId: opts.deviceId } : {}),
      },
      data: { revokedAt: now, revokedReason: reason },
      select: { id: true },
    });
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }
}
