import { createHash, randomBytes } from 'node:crypto';
import { DomainError, type ClientInfo } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { AuthEventRepository } from '../auth/auth-event.repository';
import type { MfaChallenge } from '../auth/auth.types';
import type { LoginDevice } from '../devices/device-login';
import type { Owner } from '../sessions/owner';
import type { BackupCodeService } from './backup-code.service';
import type { ChallengeRow, MfaChallengeRepository } from './mfa-challenge.repository';
import type { MfaMethodRepository } from './mfa-method.repository';
import type { OtpChannelService } from './otp-channel.service';
import type { TotpService } from './totp.service';

/** Second-factor methods of a login challenge (`EMAIL` names the e-mail method; the spec leaves it open). */
export type ChallengeMethod = 'TOTP' | 'SMS' | 'EMAIL' | 'BACKUP_CODE';

export const CHALLENGE_SETTINGS = { ttlSeconds: 300, maxAttempts: 5 };

/** The user of a login that proved its password. */
export interface MfaLoginUser {
  tenantId: string;
  id: string;
  email: string;
}

/** What login asks of MFA (AuthService depends on this, not on the MFA module). */
export interface MfaLoginGate {
  /** The user's ACTIVE methods; empty when MFA is off. */
  activeMethods(user: MfaLoginUser): Promise<string[]>;
  openChallenge(user: MfaLoginUser, device: LoginDevice | null, client: ClientInfo): Promise<MfaChallenge>;
}

/** A challenge that passed: the pending login to complete. */
export interface PassedChallenge {
  tenantId: string;
  userId: string;
  deviceFingerprint: string | null;
  method: ChallengeMethod;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** RFC 8176 `amr` of a login completed with `method`. */
export const amrOf = (method: ChallengeMethod): string[] => ['pwd', method === 'SMS' ? 'sms' : 'otp', 'mfa'];

/**
 * Login challenges: opened by login for an MFA-enabled user (codes sent to the SMS and
 * e-mail methods), passed once with a valid code. The challengeId is a 256-bit random
 * token stored hashed. A challenge expires after `ttlSeconds`, is used at most once
 * (atomically), and dies after `maxAttempts` wrong codes.
 */
export class MfaLoginService implements MfaLoginGate {
  constructor(
    private readonly methods: MfaMethodRepository,
    private readonly challenges: MfaChallengeRepository,
    private readonly totp: TotpService,
    private readonly sms: OtpChannelService,
    private readonly email: OtpChannelService,
    private readonly backup: BackupCodeService,
    private readonly events: AuthEventRepository,
    private readonly settings = CHALLENGE_SETTINGS,
  ) {}

  async activeMethods(user: MfaLoginUser): Promise<string[]> {
    return (await this.methods.findAll({ tenantId: user.tenantId, userId: user.id })).filter((m) => m.status === 'ACTIVE').map((m) => m.type);
  }

  async openChallenge(user: MfaLoginUser, device: LoginDevice | null, client: ClientInfo): Promise<MfaChallenge> {
    const owner = { tenantId: user.tenantId, userId: user.id };
    const rows = (await this.methods.findAll(owner)).filter((m) => m.status === 'ACTIVE');
    const offered: string[] = rows.map((m) => m.type);
    if ((await this.backup.remaining(owner)) > 0) offered.push('BACKUP_CODE');
    const token = randomBytes(32).toString('base64url');
    const challenge = await this.challenges.create({
      tenantId: user.tenantId, userId: user.id, tokenHash: hashToken(token), deviceFingerprint: device?.fingerprint ?? null, methods: offered,
      expiresAt: new Date(Date.now() + this.settings.ttlSeconds * 1000), ipAddress: client.ip, userAgent: client.userAgent,
    });
    const available = [...offered];
    for (const row of rows) {
      const channel = row.type === 'SMS' ? this.sms : row.type === 'EMAIL' ? this.email : undefined;
      if (channel && !(await channel.sendLoginCode(owner, channel.destinationOf(row, user.email), challenge.id))) available.splice(available.indexOf(row.type), 1);
    }
    if (available.length !== offered.length) await this.challenges.setMethods({ tenantId: user.tenantId, id: challenge.id }, available);
    return { mfaRequired: true, challengeId: token, availableMethods: available, expiresIn: this.settings.ttlSeconds };
  }

  /**
   * Checks a code against a challenge. Wrong code: 400 DPF-IAM-081 with `attemptsRemaining`
   * (the challenge dies at 0); unknown, expired, used or dead challenge: 401 DPF-IAM-086;
   * a method the challenge does not offer: 400 DPF-IAM-087. Every outcome is an auth event.
   */
  async pass(challengeId: string, method: ChallengeMethod, code: string, client: ClientInfo): Promise<PassedChallenge> {
    const c = await this.challenges.findByTokenHash(hashToken(challengeId));
    const event = { type: 'MFA_VERIFY' as const, tenantId: c?.tenantId, userId: c?.userId, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId };
    const refuse = async (error: DomainError): Promise<never> => {
      await this.events.record({ ...event, outcome: 'FAILURE', reason: `${error.code} ${method}` });
      throw error;
    };
    if (!c || !this.live(c)) return refuse(new DomainError(IdentityError.MFA_CHALLENGE_INVALID));
    if (!c.methods.includes(method)) return refuse(new DomainError(IdentityError.MFA_METHOD_NOT_AVAILABLE, undefined, { availableMethods: c.methods }));
    if (!(await this.check(c, method, code))) {
      const attemptsRemaining = await this.challenges.fail(c, this.settings.maxAttempts);
      return refuse(new DomainError(IdentityError.MFA_INVALID_CODE, undefined, { attemptsRemaining }));
    }
    if (!(await this.challenges.consume(c, this.settings.maxAttempts))) return refuse(new DomainError(IdentityError.MFA_CHALLENGE_INVALID));
    await this.events.record({ ...event, outcome: 'SUCCESS', reason: method });
    return { tenantId: c.tenantId, userId: c.userId, deviceFingerprint: c.deviceFingerprint, method };
  }

  private live(c: ChallengeRow): boolean {
    return !c.consumedAt && c.expiresAt > new Date() && c.attempts < this.settings.maxAttempts;
  }

  private check(c: ChallengeRow, method: ChallengeMethod, code: string): Promise<boolean> {
    const owner: Owner = { tenantId: c.tenantId, userId: c.userId };
    switch (method) {
      case 'TOTP':
        return this.totp.check(owner, code);
      case 'SMS':
        return this.sms.checkLogin(owner, code, c.id);
      case 'EMAIL':
        return this.email.checkLogin(owner, code, c.id);
      case 'BACKUP_CODE':
        return this.backup.consume(owner, code);
    }
  }
}
