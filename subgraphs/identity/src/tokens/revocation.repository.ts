import type { Prisma, PrismaClient } from '@dataplat/db';

import { API_KEY_CHANNEL, REVOCATION_CHANNEL } from '@dataplat/kit';

export interface IssuedAccessToken {
  jti: string;
  tenantId: string;
  userId: string;
  sessionId?: number;
  expiresAt: Date;
}

export interface BlocklistEntry {
  jti: string;
  tenantId: string;
  userId: string | null;
  expiresAt: Date;
}

/**
 * Puts access tokens on the blocklist inside the caller's transaction and announces each jti
 * with NOTIFY (delivered to every edge on commit). Returns the ids.
 */
export async function blocklist(tx: Prisma.TransactionClient, tokens: BlocklistEntry[], reason: string): Promise<string[]> {
  if (tokens.length === 0) return [];
  await tx.revokedToken.createMany({ data: tokens.map((t) => ({ ...t, reason })), skipDuplicates: true });
  for (const t of tokens) await tx.$executeRaw`SELECT pg_notify(${REVOCATION_CHANNEL}, ${`${t.jti}|${t.expiresAt.getTime()}`})`;
  return tokens.map((t) => t.jti);
}

/** Issued access tokens and the blocklist (identity.access_tokens, identity.revoked_tokens). */
export class RevocationRepository {
  constructor(private readonly db: PrismaClient) {}

  recordIssued(t: IssuedAccessToken) {
    return this.db.accessToken.create({ data: { ...t, sessionId: t.sessionId ?? null }, select: { jti: true } });
  }

  /**
   * Blocklists every live access token matching `where` (a user, or some of a user's
   * sessions) in one transaction and announces each jti with NOTIFY (delivered on commit).
   * Returns the revoked ids.
   */
  async revokeLive(where: { tenantId: string; userId: string; sessionIds?: number[] }, reason: string): Promise<string[]> {
    return this.db.$transaction(async (tx) => {
      const live = await tx.accessToken.findMany({
        where: {
          tenantId: where.tenantId,
          userId: where.userId,
          expiresAt: { gt: new Date() },
          ...(where.sessionIds ? { sessionId: { in: where.sessionIds } } : {}),
        },
        select: { jti: true, expiresAt: true },
      });
      return blocklist(tx, live.map((t) => ({ ...t, tenantId: where.tenantId, userId: where.userId })), reason);
    });
  }

  /** Tells every edge to drop its cached API keys of a user (owner disabled, roles changed). */
  async notifyUserChanged(tenantId: string, userId: string): Promise<void> {
    await this.db.$executeRaw`SELECT pg_notify(${API_KEY_CHANNEL}, ${`user:${tenantId}:${userId}`})`;
  }

  /** Drops bookkeeping of tokens that have expired anyway. */
  async purgeExpired(): Promise<number> {
    const now = new Date();
    const [a, b] = await this.db.$transaction([
      this.db.accessToken.deleteMany({ where: { expiresAt: { lte: now } } }),
      this.db.revokedToken.deleteMany({ where: { expiresAt: { lte: now } } }),
    ]);
    return a.count + b.count;
  }
}
