import type { Prisma, PrismaClient } from '@dataplat/db';
import type { Owner } from '../sessions/owner';

export type MfaMethodType = 'TOTP' | 'SMS' | 'EMAIL';
export type MfaMethodStatus = 'PENDING_VERIFICATION' | 'ACTIVE';

export interface MfaMethodRow {
  type: string;
  status: string;
  secret: string | null;
  phoneNumber: string | null;
  lastVerifiedAt: Date | null;
}

const SELECT = { type: true, status: true, secret: true, phoneNumber: true, lastVerifiedAt: true } as const;
const own = (o: Owner) => ({ tenantId: o.tenantId, userId: o.userId });
const key = (o: Owner, type: MfaMethodType) => ({ tenantId_userId_type: { tenantId: o.tenantId, userId: o.userId, type } });

/** MFA methods and backup codes of one user; every query is filtered by tenant and user. */
export class MfaMethodRepository {
  constructor(private readonly db: PrismaClient) {}

  find(owner: Owner, type: MfaMethodType): Promise<MfaMethodRow | null> {
    return this.db.mfaMethod.findUnique({ where: key(owner, type), select: SELECT });
  }

  findAll(owner: Owner): Promise<MfaMethodRow[]> {
    return this.db.mfaMethod.findMany({ where: own(owner), select: SELECT, orderBy: { type: 'asc' } });
  }

  /** Starts (or restarts) a pending enrollment; false when the method is already ACTIVE. */
  async startPending(owner: Owner, type: MfaMethodType, data: { secret?: string; phoneNumber?: string }, tx: Prisma.TransactionClient = this.db): Promise<boolean> {
    const restart = async () => (await tx.mfaMethod.updateMany({ where: { ...own(owner), type, status: 'PENDING_VERIFICATION' }, data: { ...data, lastUsedStep: null } })).count > 0;
    if (await restart()) return true;
    // ON CONFLICT DO NOTHING: two enrollments started at once must not fail on the unique key;
    // the later one restarts the row the first created (or finds the method active).
    const { count } = await tx.mfaMethod.createMany({ data: [{ ...own(owner), type, status: 'PENDING_VERIFICATION', ...data }], skipDuplicates: true });
    return count > 0 || restart();
  }

  /**
   * Moves a pending method to ACTIVE and replaces the backup codes, in one transaction.
   * False when no enrollment was pending (verified concurrently, or disabled).
   */
  activate(owner: Owner, type: MfaMethodType, backupCodeHashes: string[], lastUsedStep?: number): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const now = new Date();
      const { count } = await tx.mfaMethod.updateMany({
        where: { ...own(owner), type, status: 'PENDING_VERIFICATION' },
        data: { status: 'ACTIVE', activatedAt: now, lastVerifiedAt: now, ...(lastUsedStep === undefined ? {} : { lastUsedStep: BigInt(lastUsedStep) }) },
      });
      if (!count) return false;
      await this.replaceBackupCodes(tx, owner, backupCodeHashes);
      return true;
    });
  }

  /**
   * Records a TOTP time step as used, atomically: true only when it is later than the last
   * step accepted, so one code (and any earlier one) is accepted once.
   */
  async claimTotpStep(owner: Owner, step: number, status: MfaMethodStatus): Promise<boolean> {
    const { count } = await this.db.mfaMethod.updateMany({
      where: { ...own(owner), type: 'TOTP', status, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: BigInt(step) } }] },
      data: { lastUsedStep: BigInt(step), ...(status === 'ACTIVE' ? { lastVerifiedAt: new Date() } : {}) },
    });
    return count > 0;
  }

  async touchVerified(owner: Owner, type: MfaMethodType): Promise<void> {
    await this.db.mfaMethod.updateMany({ where: { ...own(owner), type, status: 'ACTIVE' }, data: { lastVerifiedAt: new Date() } });
  }

  /**
   * Removes one method (or all with `type` undefined). When no ACTIVE method remains, the
   * backup codes go too. Returns the number of methods removed.
   */
  remove(owner: Owner, type?: MfaMethodType): Promise<number> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.mfaMethod.deleteMany({ where: { ...own(owner), ...(type ? { type } : {}) } });
      const left = await tx.mfaMethod.count({ where: { ...own(owner), status: 'ACTIVE' } });
      if (!left) await tx.mfaBackupCode.deleteMany({ where: own(owner) });
      return count;
    });
  }

  /** Replaces the backup codes when MFA is enabled; false when no method is ACTIVE. */
  regenerateBackupCodes(owner: Owner, hashes: string[]): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const active = await tx.mfaMethod.count({ where: { ...own(owner), status: 'ACTIVE' } });
      if (!active) return false;
      await this.replaceBackupCodes(tx, owner, hashes);
      return true;
    });
  }

  countBackupCodes(owner: Owner): Promise<number> {
    return this.db.mfaBackupCode.count({ where: { ...own(owner), usedAt: null } });
  }

  lastBackupCodeUse(owner: Owner): Promise<Date | null> {
    return this.db.mfaBackupCode.findFirst({ where: { ...own(owner), usedAt: { not: null } }, orderBy: { usedAt: 'desc' }, select: { usedAt: true } }).then((r) => r?.usedAt ?? null);
  }

  /** Uses a backup code: atomic, so a code is accepted exactly once even under concurrency. */
  async consumeBackupCode(owner: Owner, hash: string): Promise<boolean> {
    const { count } = await this.db.mfaBackupCode.updateMany({ where: { ...own(owner), codeHash: hash, usedAt: null }, data: { usedAt: new Date() } });
    return count > 0;
  }

  private async replaceBackupCodes(tx: Prisma.TransactionClient, owner: Owner, hashes: string[]): Promise<void> {
    await tx.mfaBackupCode.deleteMany({ where: own(owner) });
    await tx.mfaBackupCode.createMany({ data: hashes.map((codeHash) => ({ ...own(owner), codeHash })) });
  }
}
