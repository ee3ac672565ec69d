import type { Prisma, PrismaClient } from '@dataplat/db';
import type { Owner } from '../sessions/owner';

export type CodeChannel = 'SMS' | 'EMAIL';
export type CodePurpose = 'ENROLL' | 'LOGIN';

export interface CodeRateLimit {
  /** Minimum seconds between two codes of one channel for one user. */
  cooldownSeconds: number;
  /** At most this many codes of one channel per user per hour. */
  perHour: number;
}

export interface NewCode {
  channel: CodeChannel;
  purpose: CodePurpose;
  codeHash: string;
  expiresAt: Date;
  challengeId?: number;
}

export interface PendingCode {
  id: number;
  codeHash: string;
  attempts: number;
}

const own = (o: Owner) => ({ tenantId: o.tenantId, userId: o.userId });

/** SMS and e-mail one-time codes (identity.mfa_codes), hashed, expiring, attempt-limited. */
export class MfaCodeRepository {
  constructor(private readonly db: PrismaClient) {}

  /**
   * Stores a code and runs `deliver` (which queues its message) in one transaction, unless
   * the user's rate limit for the channel is spent: then it returns the seconds to wait. The user's row is locked
   * so that concurrent requests count each other. Earlier live codes of the same purpose
   * (and challenge) stop working: only the newest code counts.
   */
  issue(owner: Owner, code: NewCode, deliver: (tx: Prisma.TransactionClient) => Promise<void>, limit: CodeRateLimit): Promise<{ retryAfterSeconds?: number }> {
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM identity.users WHERE tenant_id = ${owner.tenantId}::uuid AND id = ${owner.userId}::uuid FOR UPDATE`;
      const now = Date.now();
      const recent = await tx.mfaCode.findMany({
        where: { ...own(owner), channel: code.channel, createdAt: { gt: new Date(now - 3600_000) } },
        orderBy: { createdAt: 'desc' },
        select: { createdAt: true },
      });
      const wait = retryAfter(recent.map((r) => r.createdAt.getTime()), now, limit);
      if (wait > 0) return { retryAfterSeconds: wait };
      await tx.mfaCode.updateMany({
        where: { ...own(owner), channel: code.channel, purpose: code.purpose, challengeId: code.challengeId ?? null, consumedAt: null },
        data: { consumedAt: new Date(now) },
      });
      await tx.mfaCode.create({ data: { ...own(owner), ...code, challengeId: code.challengeId ?? null } });
      await deliver(tx);
      return {};
    });
  }

  /** The newest live code of a channel and purpose (and challenge). */
  latest(owner: Owner, channel: CodeChannel, purpose: CodePurpose, challengeId?: number): Promise<PendingCode | null> {
    return this.db.mfaCode.findFirst({
      where: { ...own(owner), channel, purpose, challengeId: challengeId ?? null, consumedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { id: 'desc' },
      select: { id: true, codeHash: true, attempts: true },
    });
  }

  /** Uses a code, atomically: true for exactly one caller. */
  async consume(owner: Owner, id: number): Promise<boolean> {
    const { count } = await this.db.mfaCode.updateMany({ where: { ...own(owner), id, consumedAt: null }, data: { consumedAt: new Date() } });
    return count > 0;
  }

  /** Counts a wrong guess; the code dies at `maxAttempts`. */
  async fail(owner: Owner, id: number, maxAttempts: number): Promise<void> {
    await this.db.$executeRaw`
      UPDATE identity.mfa_codes SET attempts = attempts + 1,
             consumed_at = CASE WHEN attempts + 1 >= ${maxAttempts} THEN now() ELSE consumed_at END
       WHERE tenant_id = ${owner.tenantId}::uuid AND user_id = ${owner.userId}::uuid AND id = ${id} AND consumed_at IS NULL`;
  }
}

/**
 * Seconds until another code may be sent, given the send times (ms, newest first) of the
 * last hour: the cooldown since the newest, or the time until the oldest of the hour's
 * allowance leaves the window. 0 when a code may be sent now.
 */
export function retryAfter(sentAt: number[], now: number, limit: CodeRateLimit): number {
  let wait = 0;
  if (sentAt.length && now - sentAt[0] < limit.cooldownSeconds * 1000) wait = sentAt[0] + limit.cooldownSeconds * 1000 - now;
  if (sentAt.length >= limit.perHour) wait = Math.max(wait, sentAt[limit.perHour - 1] + 3600_000 - now);
  return Math.ceil(wait / 1000);
}
