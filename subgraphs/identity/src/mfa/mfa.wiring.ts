import { secretBoxFor } from '@dataplat/kit';
import { AuthEventRepository } from '../auth/auth-event.repository';
import type { IdentityCore } from '../core';
import { BackupCodeService } from './backup-code.service';
import { CodeHasher } from './crypto';
import { MfaChallengeRepository } from './mfa-challenge.repository';
import { MfaCodeRepository } from './mfa-code.repository';
import { MfaLoginService } from './mfa-login.service';
import { MfaMethodRepository } from './mfa-method.repository';
import { MfaPolicyRepository } from './mfa-policy.repository';
import { OtpChannelService } from './otp-channel.service';
import { OutboxSmsSender, sendEmailCode, type SmsSender } from './senders';
import { TotpService } from './totp.service';

export interface MfaServices {
  methods: MfaMethodRepository;
  totp: TotpService;
  sms: OtpChannelService;
  email: OtpChannelService;
  backup: BackupCodeService;
  login: MfaLoginService;
  policy: MfaPolicyRepository;
  events: AuthEventRepository;
}

/** The MFA services on one core. `sms` defaults to the outbox (local) sender. */
export function mfaServices(core: IdentityCore, sms: SmsSender = new OutboxSmsSender()): MfaServices {
  const methods = new MfaMethodRepository(core.db);
  const codes = new MfaCodeRepository(core.db);
  const hasher = new CodeHasher(core.config.JWT_SECRET);
  const backup = new BackupCodeService(methods, hasher);
  const events = new AuthEventRepository(core.db);
  const totp = new TotpService(methods, secretBoxFor(core.config), backup, core.config.JWT_ISSUER);
  const smsChannel = new OtpChannelService('SMS', methods, codes, hasher, backup, (tx, m) => sms.send(tx, m));
  const emailChannel = new OtpChannelService('EMAIL', methods, codes, hasher, backup, sendEmailCode);
  const login = new MfaLoginService(methods, new MfaChallengeRepository(core.db), totp, smsChannel, emailChannel, backup, events);
  return { methods, totp, sms: smsChannel, email: emailChannel, backup, login, policy: new MfaPolicyRepository(core.db), events };
}

/** What login needs of MFA (wired into the auth module). */
export const mfaLoginService = (core: IdentityCore): MfaLoginService => mfaServices(core).login;
