import type { PrismaClient } from '@dataplat/db';

export interface NewChallenge {
  tenantId: string;
  userId: string;
  tokenHash: string;
  deviceFingerprint: string | null;
  methods: string[];
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface ChallengeRow {
  tenantId: string;
  id: number;
  userId: string;
  deviceFingerprint: string | null;
  methods: string[];
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

/**
 * Pending MFA logins (identity.mfa_challenges). A challenge is found by the hash of its
 * token, which names its tenant; every change afterwards is filtered by that tenant.
 */
export class MfaChallengeRepository {
  constructor(private readonly db: PrismaClient) {}

  create(c: NewChallenge): Promise<{ id: number }> {
    return this.db.mfaChallenge.create({ data: c, select: { id: true } });
  }

  async setMethods(c: { tenantId: string; id: number }, methods: string[]): Promise<void> {
    await this.db.mfaChallenge.updateMany({ where: { tenantId: c.tenantId, id: c.id }, data: { methods } });
  }

  findByTokenHash(tokenHash: string): Promise<ChallengeRow | null> {
    return this.db.mfaChallenge.findUnique({
      where: { tokenHash },
      select: { tenantId: true, id: true, userId: true, deviceFingerprint: true, methods: true, attempts: true, expiresAt: true, consumedAt: true },
    });
  }

  /** Uses the challenge, atomically: true for exactly one caller, and only while it is live. */
  async consume(c: ChallengeRow, maxAttempts: number): Promise<boolean> {
    const { count } = await this.db.mfaChallenge.updateMany({
      where: { tenantId: c.tenantId, id: c.id, consumedAt: null, expiresAt: { gt: new Date() }, attempts: { lt: maxAttempts } },
      data: { consumedAt: new Date() },
    });
    return count > 0;
  }

  /** Counts a failed attempt; at `maxAttempts` the challenge dies. Returns the attempts left. */
  async fail(c: ChallengeRow, maxAttempts: number): Promise<number> {
    const rows = await this.db.$queryRaw<Array<{ attempts: number }>>`
      UPDATE identity.mfa_challenges SET attempts = attempts + 1,
             consumed_at = CASE WHEN attempts + 1 >= ${maxAttempts} THEN now() ELSE consumed_at END
       WHERE tenant_id = ${c.tenantId}::uuid AND id = ${c.id} AND consumed_at IS NULL
       RETURNING attempts`;
    return rows.length ? Math.max(0, maxAttempts - rows[0].attempts) : 0;
  }
}
