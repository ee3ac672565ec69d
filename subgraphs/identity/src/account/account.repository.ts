import { createHash, randomBytes } from 'node:crypto';
import { Prisma, type PrismaClient, isUniqueViolation } from '@dataplat/db';
import { enqueue, type OutboxMessage } from '../notifications/outbox';

export type OneTimePurpose = 'EMAIL_VERIFICATION' | 'PASSWORD_RESET';

/** A fresh single-use code: 256 random bits, URL-safe. Only its SHA-256 is stored. */
export function newCode(): { code: string; hash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: hashCode(code) };
}
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export interface NewAccount {
  tenantId: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  roleId: number | null;
}

/** Accounts, one-time codes and their e-mails, each change in one transaction. */
export class AccountRepository {
  constructor(private readonly db: PrismaClient) {}

  /** Creates an unverified account with its verification code and e-mail; null if the e-mail exists. */
  async createUnverified(a: NewAccount, codeHash: string, expiresAt: Date, mail: (userId: string) => OutboxMessage): Promise<string | null> {
    try {
      return await this.db.$transaction(async (tx) => {
        const user = await tx.user.create({
          data: {
            tenantId: a.tenantId,
            email: a.email,
            firstName: a.firstName,
            lastName: a.lastName,
            passwordHash: a.passwordHash,
            emailVerified: false,
            roles: a.roleId ? { create: [{ roleId: a.roleId }] } : undefined,
          },
          select: { id: true },
        });
        await tx.oneTimeToken.create({ data: { tenantId: a.tenantId, userId: user.id, purpose: 'EMAIL_VERIFICATION', tokenHash: codeHash, expiresAt } });
        await enqueue(tx, mail(user.id));
        return user.id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  findUser(tenantId: string, email: string) {
    return this.db.user.findUnique({ where: { tenantId_email: { tenantId, email }, deletedAt: null }, select: { id: true, tenantId: true, firstName: true, email: true, enabled: true } });
  }

  findUsersByEmail(email: string) {
    return this.db.user.findMany({ where: { email, deletedAt: null }, take: 10, select: { id: true, tenantId: true, firstName: true, email: true, enabled: true } });
  }

  notify(message: OutboxMessage) {
    return this.db.$transaction((tx) => enqueue(tx, message));
  }

  /** Replaces any unused code of this purpose with a new one and queues its e-mail. */
  async issueCode(tenantId: string, userId: string, purpose: OneTimePurpose, codeHash: string, expiresAt: Date, mail: OutboxMessage): Promise<void> {
    await this.db.$transaction(async (tx) => {
      await tx.oneTimeToken.updateMany({ where: { tenantId, userId, purpose, usedAt: null }, data: { usedAt: new Date() } });
      await tx.oneTimeToken.create({ data: { tenantId, userId, purpose, tokenHash: codeHash, expiresAt } });
      await enqueue(tx, mail);
    });
  }

  /**
   * Consumes a code: marks it used only if it is unused and unexpired (one statement, so two
   * concurrent uses cannot both succeed), then runs `apply` in the same transaction.
   */
  async consume<T>(purpose: OneTimePurpose, codeHash: string, apply: (tx: Prisma.TransactionClient, owner: { tenantId: string; userId: string }) => Promise<T>): Promise<T | null> {
    return this.db.$transaction(async (tx) => {
      const token = await tx.oneTimeToken.findUnique({ where: { tokenHash: codeHash }, select: { tenantId: true, id: true, userId: true, purpose: true } });
      if (!token || token.purpose !== purpose) return null;
      const { count } = await tx.oneTimeToken.updateMany({
        where: { tenantId: token.tenantId, id: token.id, usedAt: null, expiresAt: { gt: new Date() } },
        data: { usedAt: new Date() },
      });
      if (count === 0) return null;
      return apply(tx, { tenantId: token.tenantId, userId: token.userId });
    });
  }
}
