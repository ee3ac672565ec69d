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
}
