import { DomainError, ErrorCode, type ClientInfo, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { AuthService } from '../auth/auth.service';
import type { AuthResponse } from '../auth/auth.types';
import { ownerOf, type Owner } from '../sessions/owner';
import type { UserRepository } from '../users/user.repository';
import { amrOf, type ChallengeMethod } from './mfa-login.service';
import type { MfaMethodType } from './mfa-method.repository';
import { e164 } from './phone';
import type { MfaServices } from './mfa.wiring';
import type { MfaStatus, OtpEnrollment, TotpEnrollment } from './mfa.types';
import type { MfaActivationResult } from './totp.service';

/**
 * The account whose MFA a request manages: the caller's own, and only with an access token.
 * API keys and service tokens never manage second factors (403).
 */
export function mfaOwner(principal: Principal): Owner {
  if (principal.kind !== 'access_token') throw new DomainError(ErrorCode.FORBIDDEN, 'MFA is managed with an access token, not an API key');
  return ownerOf(principal);
}

/** MFA management (spec 1 "MFA management", "Second MFA endpoint set") and challenge completion. */
export class MfaService {
  constructor(
    private readonly mfa: MfaServices,
    private readonly users: UserRepository,
    private readonly auth: AuthService,
  ) {}

  async status(owner: Owner): Promise<MfaStatus> {
    const [rows, remaining, lastBackup] = await Promise.all([this.mfa.methods.findAll(owner), this.mfa.backup.remaining(owner), this.mfa.methods.lastBackupCodeUse(owner)]);
    const active = (t: MfaMethodType) => rows.some((r) => r.type === t && r.status === 'ACTIVE');
    const times = [...rows.map((r) => r.lastVerifiedAt), lastBackup].filter((d): d is Date => !!d).map((d) => d.getTime());
    return { totpEnabled: active('TOTP'), smsEnabled: active('SMS'), emailEnabled: active('EMAIL'), remainingBackupCodes: remaining, lastVerified: times.length ? new Date(Math.max(...times)) : null };
  }

  async enrollTotp(owner: Owner): Promise<TotpEnrollment> {
    return this.mfa.totp.enroll(owner, await this.emailOf(owner));
  }

  enrollSms(owner: Owner, phoneNumber: string): Promise<OtpEnrollment> {
    return this.mfa.sms.enroll(owner, e164(phoneNumber));
  }

  async enrollEmail(owner: Owner): Promise<OtpEnrollment> {
    return this.mfa.email.enroll(owner, await this.emailOf(owner));
  }

  async resend(owner: Owner, channel: 'SMS' | 'EMAIL'): Promise<OtpEnrollment> {
    return (channel === 'SMS' ? this.mfa.sms : this.mfa.email).resend(owner, await this.emailOf(owner));
  }

  /** Completes the enrollment of a method; an auth event records the outcome. */
  async verify(owner: Owner, type: MfaMethodType, code: string, client: ClientInfo): Promise<MfaActivationResult> {
    const event = { type: 'MFA_ENROLLED' as const, tenantId: owner.tenantId, userId: owner.userId, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId };
    try {
      const result = await (type === 'TOTP' ? this.mfa.totp.verify(owner, code) : (type === 'SMS' ? this.mfa.sms : this.mfa.email).verify(owner, code));
      await this.mfa.events.record({ ...event, outcome: 'SUCCESS', reason: type });
      return result;
    } catch (e) {
      if (e instanceof DomainError) await this.mfa.events.record({ ...event, outcome: 'FAILURE', reason: `${e.code} ${type}` });
      throw e;
    }
  }

  /** Disables one method, or every method and the backup codes (`type` undefined); 404 when there was none. */
  async disable(owner: Owner, type: MfaMethodType | undefined, client: ClientInfo): Promise<MfaStatus> {
    if (!(await this.mfa.methods.remove(owner, type))) throw new DomainError(IdentityError.MFA_NOT_CONFIGURED);
    await this.mfa.events.record({ type: 'MFA_DISABLED', outcome: 'SUCCESS', reason: type ?? 'ALL', tenantId: owner.tenantId, userId: owner.userId, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId });
    return this.status(owner);
  }

  regenerateBackupCodes(owner: Owner) {
    return this.mfa.backup.regenerate(owner);
  }

  async backupCodeCount(owner: Owner) {
    return { remainingCodes: await this.mfa.backup.remaining(owner) };
  }

  /** Passes a login challenge and opens the session through the login code path. */
  async completeChallenge(challengeId: string, method: ChallengeMethod, code: string, client: ClientInfo): Promise<AuthResponse> {
    const passed = await this.mfa.login.pass(challengeId, method, code, client);
    return this.auth.completeMfaLogin(passed, amrOf(passed.method), client);
  }

  private async emailOf(owner: Owner): Promise<string> {
    const user = await this.users.findCredentials(owner.tenantId, owner.userId);
    if (!user) throw new DomainError(IdentityError.USER_NOT_FOUND);
    return user.email;
  }
}
