import type { PrismaClient } from '@dataplat/db';

export interface NewLoginState {
  tenantId: string;
  providerId: string;
  stateHash: string;
  nonceHash: string;
  codeVerifierSealed: string;
  expiresAt: Date;
}

/**
 * OpenID Connect requests in flight, SAML assertion ids already used, and the links from
 * external subjects to users. Everything lives in PostgreSQL, so any replica can finish a
 * sign-in another one started, and a replay is refused whichever replica receives it.
 */
export class ExternalLoginRepository {
  constructor(private readonly db: PrismaClient) {}

  async saveState(s: NewLoginState): Promise<void> {
    // Expired states are swept on the way (bounded), so the table does not grow without end.
    await this.db.externalLoginState.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - 3600_000) } } });
    await this.db.externalLoginState.create({ data: s });
  }

  /**
   * Consumes a state: one conditional UPDATE, so of two concurrent callbacks with the same
   * state exactly one wins. Null when unknown, of another provider, expired or already used.
   */
  async consumeState(tenantId: string, providerId: string, stateHash: string): Promise<{ nonceHash: string; codeVerifierSealed: string } | null> {
    const now = new Date();
    const { count } = await this.db.externalLoginState.updateMany({
      where: { tenantId, providerId, stateHash, consumedAt: null, expiresAt: { gt: now } },
      data: { consumedAt: now },
    });
    if (!count) return null;
    return this.db.externalLoginState.findUnique({
      where: { tenantId_stateHash: { tenantId, stateHash } },
      select: { nonceHash: true, codeVerifierSealed: true },
    });
  }

  /**
   * Records an assertion id until it expires. False when it was already recorded (a replay):
   * the primary key decides, so two concurrent posts of one assertion cannot both pass.
   */
  async useAssertion(tenantId: string, providerId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
    await this.db.samlAssertionUse.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    const inserted = await this.db.$executeRaw`
      INSERT INTO identity.saml_assertion_uses (tenant_id, provider_id, assertion_id, expires_at)
      VALUES (${tenantId}::uuid, ${providerId}::uuid, ${assertionId}, ${expiresAt})
      ON CONFLICT DO NOTHING`;
    return inserted === 1;
  }

  findLink(tenantId: string, providerId: string, subject: string) {
    return this.db.externalIdentity.findUnique({ where: { tenantId_providerId_subject: { tenantId, providerId, subject } } });
  }

  async link(tenantId: string, providerId: string, subject: string, userId: string, email: string | null): Promise<void> {
    await this.db.externalIdentity.upsert({
      where: { tenantId_providerId_subject: { tenantId, providerId, subject } },
      create: { tenantId, providerId, subject, userId, email },
      update: { userId, email, lastLoginAt: new Date() },
    });
  }
}

/** The user of a tenant with this (lower-cased) e-mail, with what linking needs to know. */
export async function findUserByEmail(db: PrismaClient, tenantId: string, email: string) {
  return db.user.findUnique({ where: { tenantId_email: { tenantId, email }, deletedAt: null }, select: { id: true, emailVerified: true } });
}
