import { BackupCodeService } from './backup-code.service';
import { CodeHasher } from './crypto';
import type { MfaMethodRepository } from './mfa-method.repository';

const hasher = new CodeHasher('k'.repeat(40));

function service(over: Partial<Record<keyof MfaMethodRepository, jest.Mock>> = {}) {
  const repo = { regenerateBackupCodes: jest.fn(async () => true), consumeBackupCode: jest.fn(async () => true), countBackupCodes: jest.fn(async () => 3), ...over };
  return { repo, svc: new BackupCodeService(repo as unknown as MfaMethodRepository, hasher) };
}

const owner = { tenantId: 't1', userId: 'u1' };

describe('BackupCodeService', () => {
  it('a set is 10 distinct codes whose hashes are of the canonical form', () => {
    const { codes, hashes } = service().svc.newSet();
    expect(new Set(codes).size).toBe(10);
    expect(hashes).toEqual(codes.map((c) => hasher.hash(c.replace('-', ''))));
  });

  it('regenerate stores only hashes and refuses without MFA (400 DPF-IAM-089)', async () => {
    const { repo, svc } = service();
    const set = await svc.regenerate(owner);
    expect(set.remainingCodes).toBe(10);
    expect(repo.regenerateBackupCodes).toHaveBeenCalledWith(owner, set.backupCodes.map((c) => hasher.hash(c.replace('-', ''))));
    const off = service({ regenerateBackupCodes: jest.fn(async () => false) }).svc;
    await expect(off.regenerate(owner)).rejects.toMatchObject({ code: 'DPF-IAM-089' });
  });

  it('consume hashes the typed code in canonical form; garbage never reaches the database', async () => {
    const { repo, svc } = service();
    await expect(svc.consume(owner, 'abcde-fghjk')).resolves.toBe(true);
    expect(repo.consumeBackupCode).toHaveBeenCalledWith(owner, hasher.hash('ABCDEFGHJK'));
    await expect(svc.consume(owner, 'short')).resolves.toBe(false);
    expect(repo.consumeBackupCode).toHaveBeenCalledTimes(1);
  });
});
