import type { Prisma } from '@dataplat/db';
import { DomainError } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { Owner } from '../sessions/owner';
import type { BackupCodeService } from './backup-code.service';
import { newNumericCode, type CodeHasher } from './crypto';
import type { CodeChannel, CodePurpose, CodeRateLimit, MfaCodeRepository } from './mfa-code.repository';
import type { MfaMethodRepository } from './mfa-method.repository';
import { maskEmail, maskPhone } from './phone';
import type { CodeMessage } from './senders';
import type { MfaActivationResult } from './totp.service';

export interface OtpSettings {
  codeTtlSeconds: number;
  maxAttempts: number;
  /** Enrollment and resend: SMS/e-mail bombing protection (429 with Retry-After). */
  enrollLimit: CodeRateLimit;
  /** Login challenges: no cooldown, an hourly cap; over it the method is not offered. */
  loginLimit: CodeRateLimit;
}

export const OTP_SETTINGS: OtpSettings = {
  codeTtlSeconds: 300,
  maxAttempts: 5,
  enrollLimit: { cooldownSeconds: 60, perHour: 5 },
  loginLimit: { cooldownSeconds: 0, perHour: 10 },
};

export interface OtpEnrollmentResult {
  status: 'PENDING_VERIFICATION';
  destination: string;
  expiresIn: number;
}

type Deliver = (tx: Prisma.TransactionClient, m: CodeMessage) => Promise<void>;

/**
 * An out-of-band method (SMS or e-mail): enroll (sends a code) -> PENDING_VERIFICATION ->
 * verify -> ACTIVE -> disable. Codes are 6 digits, hashed, expire after `codeTtlSeconds`,
 * die after `maxAttempts` wrong guesses, and only the newest one counts.
 */
export class OtpChannelService {
  constructor(
    readonly channel: CodeChannel,
    private readonly methods: MfaMethodRepository,
    private readonly codes: MfaCodeRepository,
    private readonly hasher: CodeHasher,
    private readonly backup: BackupCodeService,
    private readonly deliver: Deliver,
    private readonly settings: OtpSettings = OTP_SETTINGS,
  ) {}

  /**
   * Starts (or restarts) enrollment to `destination` (an E.164 number, or the account's
   * e-mail address) and sends a code; 400 DPF-IAM-080 when the method is active, 429
   * DPF-IAM-084 over the rate limit (nothing changes then).
   */
  async enroll(owner: Owner, destination: string): Promise<OtpEnrollmentResult> {
    const data = this.channel === 'SMS' ? { phoneNumber: destination } : {};
    if ((await this.methods.find(owner, this.channel))?.status === 'ACTIVE') throw new DomainError(IdentityError.MFA_ALREADY_CONFIGURED);
    await this.send(owner, destination, 'ENROLL', this.settings.enrollLimit, undefined, async (tx) => {
      if (!(await this.methods.startPending(owner, this.channel, data, tx))) throw new DomainError(IdentityError.MFA_ALREADY_CONFIGURED);
    });
    return this.pending(destination);
  }

  /** A new code for a pending enrollment (409 DPF-IAM-083 when none is pending). */
  async resend(owner: Owner, fallbackDestination: string): Promise<OtpEnrollmentResult> {
    const row = await this.methods.find(owner, this.channel);
    if (row?.status === 'ACTIVE') throw new DomainError(IdentityError.MFA_ALREADY_CONFIGURED);
    if (!row) throw new DomainError(IdentityError.MFA_NOT_PENDING);
    const destination = row.phoneNumber ?? fallbackDestination;
    await this.send(owner, destination, 'ENROLL', this.settings.enrollLimit);
    return this.pending(destination);
  }

  async verify(owner: Owner, code: string): Promise<MfaActivationResult> {
    const row = await this.methods.find(owner, this.channel);
    if (!row) throw new DomainError(IdentityError.MFA_NOT_PENDING);
    if (row.status === 'ACTIVE') throw new DomainError(IdentityError.MFA_ALREADY_CONFIGURED);
    if (!(await this.check(owner, 'ENROLL', code))) throw new DomainError(IdentityError.MFA_INVALID_CODE);
    const { codes, hashes } = this.backup.newSet();
    if (!(await this.methods.activate(owner, this.channel, hashes))) throw new DomainError(IdentityError.MFA_NOT_PENDING);
    return { status: 'ACTIVE', backupCodes: codes };
  }

  /** Sends a login code for a challenge; false (method not offered) over the hourly cap. */
  async sendLoginCode(owner: Owner, destination: string, challengeId: number): Promise<boolean> {
    try {
      await this.send(owner, destination, 'LOGIN', this.settings.loginLimit, challengeId);
      return true;
    } catch (e) {
      if (e instanceof DomainError && e.code === IdentityError.MFA_RATE_LIMITED) return false;
      throw e;
    }
  }

  async checkLogin(owner: Owner, code: string, challengeId: number): Promise<boolean> {
    if (!(await this.check(owner, 'LOGIN', code, challengeId))) return false;
    await this.methods.touchVerified(owner, this.channel);
    return true;
  }

  /** Where codes of this method go, for an ACTIVE method row. */
  destinationOf(row: { phoneNumber: string | null }, email: string): string {
    return this.channel === 'SMS' ? (row.phoneNumber ?? '') : email;
  }

  private async send(owner: Owner, destination: string, purpose: CodePurpose, limit: CodeRateLimit, challengeId?: number, before?: (tx: Prisma.TransactionClient) => Promise<void>): Promise<void> {
    const code = newNumericCode();
    const minutes = Math.round(this.settings.codeTtlSeconds / 60);
    const { retryAfterSeconds } = await this.codes.issue(
      owner,
      { channel: this.channel, purpose, codeHash: this.hasher.hash(code), expiresAt: new Date(Date.now() + this.settings.codeTtlSeconds * 1000), challengeId },
      async (tx) => {
        await before?.(tx);
        await this.deliver(tx, { tenantId: owner.tenantId, recipient: destination, code, minutes, purpose });
      },
      limit,
    );
    if (retryAfterSeconds) throw new DomainError(IdentityError.MFA_RATE_LIMITED, undefined, { retryAfterSeconds });
  }

  private async check(owner: Owner, purpose: CodePurpose, code: string, challengeId?: number): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const pending = await this.codes.latest(owner, this.channel, purpose, challengeId);
    if (!pending) return false;
    if (!this.hasher.matches(code, pending.codeHash)) {
      await this.codes.fail(owner, pending.id, this.settings.maxAttempts);
      return false;
    }
    return this.codes.consume(owner, pending.id);
  }

  private pending(destination: string): OtpEnrollmentResult {
    return { status: 'PENDING_VERIFICATION', destination: this.channel === 'SMS' ? maskPhone(destination) : maskEmail(destination), expiresIn: this.settings.codeTtlSeconds };
  }
}
