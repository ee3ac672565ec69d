import { createHash } from 'node:crypto';
import type { AuthEventRepository } from '../auth/auth-event.repository';
import type { BackupCodeService } from './backup-code.service';
import type { ChallengeRow, MfaChallengeRepository } from './mfa-challenge.repository';
import { amrOf, MfaLoginService } from './mfa-login.service';
import type { MfaMethodRepository } from './mfa-method.repository';
import type { OtpChannelService } from './otp-channel.service';
import type { TotpService } from './totp.service';

const client = { ip: '203.0.113.9', userAgent: 'ua', requestId: 'r1' };
const row = (over: Partial<ChallengeRow> = {}): ChallengeRow => ({
  tenantId: 't1', id: 7, userId: 'u1', deviceFingerprint: 'fp', methods: ['TOTP', 'BACKUP_CODE'], attempts: 0,
  expiresAt: new Date(Date.now() + 60_000), consumedAt: null, ...over,
});

function setup(challenge: ChallengeRow | null, opts: { totpOk?: boolean; consumed?: boolean; left?: number } = {}) {
  const challenges = {
    findByTokenHash: jest.fn(async () => challenge),
    fail: jest.fn(async () => opts.left ?? 4),
    consume: jest.fn(async () => opts.consumed ?? true),
  };
  const totp = { check: jest.fn(async () => opts.totpOk ?? true) };
  const backup = { consume: jest.fn(async () => true), remaining: jest.fn(async () => 0) };
  const events = { record: jest.fn(async () => undefined) };
  const svc = new MfaLoginService(
    {} as MfaMethodRepository, challenges as unknown as MfaChallengeRepository, totp as unknown as TotpService,
    {} as OtpChannelService, {} as OtpChannelService, backup as unknown as BackupCodeService, events as unknown as AuthEventRepository,
  );
  return { svc, challenges, totp, backup, events };
}

describe('MfaLoginService.pass', () => {
  it('looks the challenge up by the SHA-256 of its token and returns the pending login', async () => {
    const { svc, challenges, events } = setup(row());
    await expect(svc.pass('tok', 'TOTP', '123456', client)).resolves.toEqual({ tenantId: 't1', userId: 'u1', deviceFingerprint: 'fp', method: 'TOTP' });
    expect(challenges.findByTokenHash).toHaveBeenCalledWith(createHash('sha256').update('tok').digest('hex'));
    expect(events.record).toHaveBeenCalledWith(expect.objectContaining({ type: 'MFA_VERIFY', outcome: 'SUCCESS', tenantId: 't1', userId: 'u1' }));
  });

  it.each([
    ['unknown', null],
    ['expired', row({ expiresAt: new Date(Date.now() - 1) })],
    ['used', row({ consumedAt: new Date() })],
    ['dead after 5 wrong codes', row({ attempts: 5 })],
  ])('refuses a challenge that is %s with 401 DPF-IAM-086, without checking the code', async (_, c) => {
    const { svc, totp, events } = setup(c);
    await expect(svc.pass('tok', 'TOTP', '123456', client)).rejects.toMatchObject({ code: 'DPF-IAM-086', status: 401 });
    expect(totp.check).not.toHaveBeenCalled();
    expect(events.record).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'FAILURE' }));
  });

  it('a method not offered is 400 DPF-IAM-087 and costs no attempt', async () => {
    const { svc, challenges } = setup(row());
    await expect(svc.pass('tok', 'SMS', '123456', client)).rejects.toMatchObject({ code: 'DPF-IAM-087', details: { availableMethods: ['TOTP', 'BACKUP_CODE'] } });
    expect(challenges.fail).not.toHaveBeenCalled();
  });

  it('a wrong code counts an attempt and tells how many are left', async () => {
    const { svc, challenges } = setup(row(), { totpOk: false, left: 2 });
    await expect(svc.pass('tok', 'TOTP', '000000', client)).rejects.toMatchObject({ code: 'DPF-IAM-081', details: { attemptsRemaining: 2 } });
    expect(challenges.fail).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 5);
    expect(challenges.consume).not.toHaveBeenCalled();
  });

  it('loses the race to a concurrent completion: 401 DPF-IAM-086', async () => {
    const { svc } = setup(row(), { consumed: false });
    await expect(svc.pass('tok', 'TOTP', '123456', client)).rejects.toMatchObject({ code: 'DPF-IAM-086' });
  });

  it('a backup code is consumed for the challenge\'s own user', async () => {
    const { svc, backup } = setup(row());
    await svc.pass('tok', 'BACKUP_CODE', 'ABCDE-FGHJK', client);
    expect(backup.consume).toHaveBeenCalledWith({ tenantId: 't1', userId: 'u1' }, 'ABCDE-FGHJK');
  });
});

describe('amrOf', () => {
  it('names the factor per RFC 8176', () => {
    expect(amrOf('TOTP')).toEqual(['pwd', 'otp', 'mfa']);
    expect(amrOf('SMS')).toEqual(['pwd', 'sms', 'mfa']);
    expect(amrOf('EMAIL')).toEqual(['pwd', 'otp', 'mfa']);
    expect(amrOf('BACKUP_CODE')).toEqual(['pwd', 'otp', 'mfa']);
  });
});
