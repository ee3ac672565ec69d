import { DomainError, type SecretBox } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { Owner } from '../sessions/owner';
import type { BackupCodeService } from './backup-code.service';
import type { MfaMethodRepository } from './mfa-method.repository';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';

export interface TotpEnrollmentResult {
  secret: string;
  qrCodeUri: string;
  status: 'PENDING_VERIFICATION';
}

export interface MfaActivationResult {
  status: 'ACTIVE';
  backupCodes: string[];
}

/** The sealed secret is bound to its owner: copied onto another user's row it does not open. */
const sealContext = (o: Owner) => `mfa-totp:${o.tenantId}:${o.userId}`;

/**
 * TOTP (RFC 6238): none -> enroll -> PENDING_VERIFICATION -> verify -> ACTIVE -> disable ->
 * none. The shared secret is stored encrypted (SecretBox, AES-256-GCM); each time step is accepted once.
 */
export class TotpService {
  constructor(
    private readonly methods: MfaMethodRepository,
    private readonly box: SecretBox,
    private readonly backup: BackupCodeService,
    private readonly issuer: string,
  ) {}

  /** A new secret (a pending enrollment is restarted); 400 DPF-IAM-080 when TOTP is active. */
  async enroll(owner: Owner, account: string): Promise<TotpEnrollmentResult> {
    const secret = newTotpSecret();
    if (!(await this.methods.startPending(owner, 'TOTP', { secret: this.box.seal(secret, sealContext(owner)) }))) throw new DomainError(IdentityError.MFA_ALREADY_CONFIGURED);
    return { secret, qrCodeUri: otpauthUri(secret, this.issuer, account), status: 'PENDING_VERIFICATION' };
  }

  /** Completes enrollment with a code from the app; returns a new set of backup codes. */
  async verify(owner: Owner, code: string): Promise<MfaActivationResult> {
    const row = await this.methods.find(owner, 'TOTP');
    if (!row) throw new DomainError(IdentityError.MFA_NOT_PENDING);
    if (row.status === 'ACTIVE') throw new DomainError(IdentityError.MFA_ALREADY_CONFIGURED);
    const step = row.secret ? matchTotp(this.box.open(row.secret, sealContext(owner)), code) : null;
    if (step === null || !(await this.methods.claimTotpStep(owner, step, 'PENDING_VERIFICATION'))) throw new DomainError(IdentityError.MFA_INVALID_CODE);
    const { codes, hashes } = this.backup.newSet();
    if (!(await this.methods.activate(owner, 'TOTP', hashes, step))) throw new DomainError(IdentityError.MFA_NOT_PENDING);
    return { status: 'ACTIVE', backupCodes: codes };
  }

  /** A login code: true when it matches a time step not used before. */
  async check(owner: Owner, code: string): Promise<boolean> {
    const row = await this.methods.find(owner, 'TOTP');
    if (!row || row.status !== 'ACTIVE' || !row.secret) return false;
    const step = matchTotp(this.box.open(row.secret, sealContext(owner)), code);
    return step !== null && this.methods.claimTotpStep(owner, step, 'ACTIVE');
  }
}
