import { DomainError } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { Owner } from '../sessions/owner';
import { newBackupCode, normaliseBackupCode, type CodeHasher } from './crypto';
import type { MfaMethodRepository } from './mfa-method.repository';

/** Backup codes per set (each usable once). */
export const BACKUP_CODE_COUNT = 10;

/** Backup (recovery) codes: a set per enrollment, hashed, each accepted exactly once. */
export class BackupCodeService {
  constructor(
    private readonly methods: MfaMethodRepository,
    private readonly hasher: CodeHasher,
  ) {}

  /** A new set: the codes to show once, and the hashes to store. */
  newSet(): { codes: string[]; hashes: string[] } {
    const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
    return { codes, hashes: codes.map((c) => this.hasher.hash(normaliseBackupCode(c))) };
  }

  /** Replaces every earlier code; 400 DPF-IAM-089 when no method is active. */
  async regenerate(owner: Owner): Promise<{ backupCodes: string[]; remainingCodes: number }> {
    const { codes, hashes } = this.newSet();
    if (!(await this.methods.regenerateBackupCodes(owner, hashes))) throw new DomainError(IdentityError.MFA_NOT_ENABLED);
    return { backupCodes: codes, remainingCodes: codes.length };
  }

  remaining(owner: Owner): Promise<number> {
    return this.methods.countBackupCodes(owner);
  }

  /** Uses a code; false when it is unknown or was used before. */
  consume(owner: Owner, code: string): Promise<boolean> {
    const canonical = normaliseBackupCode(code);
    if (!/^[0-9A-Z]{10}$/.test(canonical)) return Promise.resolve(false);
    return this.methods.consumeBackupCode(owner, this.hasher.hash(canonical));
  }
}
