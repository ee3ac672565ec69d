import type { PrismaClient } from '@dataplat/db';

export interface NewSession {
  tenantId: string;
  userId: string;
  refreshJti: string;
  ipAddress: string | null;
  userAgent: string | null;
  expiresAt: Date;
}

/** Sessions: one row per refresh token, looked up by the token's tenant and jti. */
export class SessionRepository {
  constructor(private readonly db: PrismaClient) {}

  create(s: NewSession) {
    return this.db.session.create({ data: s, select: { id: true } });
  }

  findByJti(tenantId: string, refreshJti: string) {
    return this.db.session.findUnique({ where: { tenantId_refreshJti: { tenantId, refreshJti } } });
  }

  touch(tenantId: string, id: number) {
    return this.db.session.update({ where: { tenantId_id: { tenantId, id } }, data: { lastAccessedAt: new Date() }, select: { id: true } });
  }

  /** Revokes an active session; returns false when it was already revoked. */
  async revoke(tenantId: string, refreshJti: string, reason: string): Promise<boolean> {
    const { count } = await this.db.session.updateMany({
      where: { tenantId, refreshJti, revokedAt: null },
      data: { revokedAt: new Date(), revokedReason: reason },
    });
    return count > 0;
  }

  /**
   * Revokes every active session of a user, except `exceptSessionId` (the caller's own, on a
   * password change). Returns the ids of all the user's other sessions, revoked now or
   * before, so that the access tokens issued from them can be blocklisted too (a session
   * ended by logout leaves its access tokens alive until they expire).
   */
  async revokeAllForUser(tenantId: string, userId: string, reason: string, exceptSessionId?: number): Promise<number[]> {
    const others = { tenantId, userId, ...(exceptSessionId === undefined ? {} : { id: { not: exceptSessionId } }) };
    const [, sessions] = await this.db.$transaction([
      this.db.session.updateMany({ where: { ...others, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: reason } }),
      this.db.session.findMany({ where: others, select: { id: true } }),
    ]);
    return sessions.map((s) => s.id);
  }

  /** A session opened by a login that named its device: records which device (issue 3, devices). */
  createForDevice(s: NewSession, device: { id: number; fingerprint: string; deviceName: string | null } | null) {
    const fromDevice = device ? { deviceId: device.id, deviceFingerprint: device.fingerprint, deviceName: device.deviceName } : {};
    return this.db.session.create({ data: { ...s, ...fromDevice }, select: { id: true } });
  }
}
