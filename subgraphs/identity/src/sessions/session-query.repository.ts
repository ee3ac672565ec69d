import { isUuid } from '@dataplat/kit';
import type { PrismaClient } from '@dataplat/db';
import type { Owner } from './owner';

/** Most rows a session list returns (newest first); older history is left out. */
export const SESSION_LIST_LIMIT = 500;

const SESSION_FIELDS = {
  id: true,
  deviceId: true,
  deviceName: true,
  ipAddress: true,
  userAgent: true,
  createdAt: true,
  lastAccessedAt: true,
  expiresAt: true,
  revokedAt: true,
} as const;

export interface SessionRow {
  id: number;
  deviceId: number | null;
  deviceName: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastAccessedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Active: neither revoked nor expired at `now`. */
const active = (now: Date) => ({ revokedAt: null, expiresAt: { gt: now } });

/** Reads of the caller's own sessions; every query is filtered by tenant and user. */
export class SessionQueryRepository {
  constructor(private readonly db: PrismaClient) {}

  list(owner: Owner, opts: { includeInactive: boolean; now: Date }): Promise<SessionRow[]> {
    return this.db.session.findMany({
      where: { tenantId: owner.tenantId, userId: owner.userId, ...(opts.includeInactive ? {} : active(opts.now)) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: SESSION_LIST_LIMIT,
      select: SESSION_FIELDS,
    });
  }

  countActive(owner: Owner, now: Date): Promise<number> {
    return this.db.session.count({ where: { tenantId: owner.tenantId, userId: owner.userId, ...active(now) } });
  }

  findOne(owner: Owner, id: number): Promise<SessionRow | null> {
    return this.db.session.findFirst({ where: { tenantId: owner.tenantId, userId: owner.userId, id }, select: SESSION_FIELDS });
  }

  /** Issue and expiry of one of the owner's access tokens (by jti), when it was recorded. */
  findAccessToken(owner: Owner, jti: string): Promise<{ issuedAt: Date; expiresAt: Date } | null> {
    if (!isUuid(jti)) return Promise.resolve(null);
    return this.db.accessToken.findFirst({ where: { tenantId: owner.tenantId, userId: owner.userId, jti }, select: { issuedAt: true, expiresAt: true } });
  }
}
