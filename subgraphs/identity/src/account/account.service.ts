import { DomainError, ErrorCode, PLATFORM_TENANT_ID, SystemRole, type ClientInfo, type PlatformConfig } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { AuthEventRepository } from '../auth/auth-event.repository';
import { hashPassword } from '../auth/password';
import type { RoleRepository } from '../roles/role.repository';
import type { TokenRevocationService } from '../tokens/revocation.service';
import { normaliseEmail } from '../users/user.service';
import { hashCode, newCode, type AccountRepository } from './account.repository';
import { templates } from './account.templates';
import type { ForgotPasswordInput, RegisterInput, ResetPasswordInput } from './account.inputs';
import type { EmailVerificationResult, PasswordResetRequestResult, PasswordResetResult, RegistrationResult } from './account.types';

const REGISTERED = 'If the address can be registered, a verification e-mail is on its way.';
const RESET_ACCEPTED = 'If an account uses this address, a password-reset e-mail is on its way.';

/**
 * Self-service account lifecycle: register -> verification e-mail (notification outbox) ->
 * verify-email -> login; forgot-password -> reset e-mail -> reset-password. Codes are
 * single-use, expiring and stored hashed. Answers never reveal whether an address exists.
 */
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly roles: RoleRepository,
    private readonly revocation: TokenRevocationService,
    private readonly events: AuthEventRepository,
    private readonly config: PlatformConfig,
  ) {}

  async register(input: RegisterInput, client: ClientInfo): Promise<RegistrationResult> {
    if (this.config.SELF_REGISTRATION === 'closed') throw new DomainError(ErrorCode.FORBIDDEN, 'Self-registration is closed: ask an administrator for an account');
    const tenantId = input.tenantId.toLowerCase();
    if (tenantId === PLATFORM_TENANT_ID) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Accounts of the platform tenant are created by platform administrators', { field: 'tenantId' });
    const email = normaliseEmail(input.email);
    const { code, hash } = newCode();
    const role = await this.roles.findSystemRole(SystemRole.USER);
    const hours = Math.round(this.config.EMAIL_VERIFICATION_TTL / 3600);
    const userId = await this.accounts.createUnverified(
      { tenantId, email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordHash: await hashPassword(input.password), roleId: role?.id ?? null },
      hash,
      new Date(Date.now() + this.config.EMAIL_VERIFICATION_TTL * 1000),
      () => ({ tenantId, channel: 'EMAIL', recipient: email, ...templates.verification(input.firstName, code, this.link('verify-email', code), hours), payload: { purpose: 'EMAIL_VERIFICATION' } }),
    );
    if (!userId) {
      // The address is taken: tell its owner, answer the caller exactly as for a new account.
      const owner = await this.accounts.findUser(tenantId, email);
      if (owner) await this.accounts.notify({ tenantId, channel: 'EMAIL', recipient: email, ...templates.alreadyRegistered(owner.firstName, this.link('forgot-password')) });
    }
    await this.events.record({ type: 'REGISTER', outcome: userId ? 'SUCCESS' : 'FAILURE', reason: userId ? null : 'email_exists', tenantId, userId, email, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId });
    return { email, verificationRequired: true, message: REGISTERED };
  }

  async verifyEmail(code: string, client: ClientInfo): Promise<EmailVerificationResult> {
    const verified = await this.accounts.consume('EMAIL_VERIFICATION', hashCode(code), (tx, owner) =>
      tx.user.update({ where: { tenantId_id: { tenantId: owner.tenantId, id: owner.userId } }, data: { emailVerified: true }, select: { id: true, tenantId: true, email: true } }),
    );
    if (!verified) throw new DomainError(IdentityError.INVALID_ONE_TIME_TOKEN);
    await this.events.record({ type: 'EMAIL_VERIFIED', outcome: 'SUCCESS', tenantId: verified.tenantId, userId: verified.id, email: verified.email, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId });
    return { verified: true, email: verified.email };
  }

  async forgotPassword(input: ForgotPasswordInput, client: ClientInfo): Promise<PasswordResetRequestResult> {
    const email = normaliseEmail(input.email);
    const accounts = (await this.accounts.findUsersByEmail(email)).filter(
      (u) => u.enabled && (!input.tenantSlug || (input.tenantSlug === 'platform' && u.tenantId === PLATFORM_TENANT_ID)),
    );
    const minutes = Math.round(this.config.PASSWORD_RESET_TTL / 60);
    // One code per account: with the same address in several tenants, each code resets only its own.
    for (const u of accounts) {
      const { code, hash } = newCode();
      await this.accounts.issueCode(u.tenantId, u.id, 'PASSWORD_RESET', hash, new Date(Date.now() + this.config.PASSWORD_RESET_TTL * 1000), {
        tenantId: u.tenantId,
        channel: 'EMAIL',
        recipient: u.email,
        ...templates.passwordReset(u.firstName, code, this.link('reset-password', code), minutes),
        payload: { purpose: 'PASSWORD_RESET' },
      });
    }
    await this.events.record({ type: 'PASSWORD_RESET_REQUESTED', outcome: accounts.length ? 'SUCCESS' : 'FAILURE', reason: accounts.length ? null : 'no_account', email, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId, ...(accounts.length === 1 ? { tenantId: accounts[0].tenantId, userId: accounts[0].id } : {}) });
    return { accepted: true, message: RESET_ACCEPTED };
  }

  /** Sets the new password, unlocks the account and ends every session of the user. */
  async resetPassword(input: ResetPasswordInput, client: ClientInfo): Promise<PasswordResetResult> {
    const passwordHash = await hashPassword(input.newPassword);
    const done = await this.accounts.consume('PASSWORD_RESET', hashCode(input.token), async (tx, owner) => {
      const user = await tx.user.update({
        where: { tenantId_id: { tenantId: owner.tenantId, id: owner.userId } },
        data: { passwordHash, mustChangePassword: false, failedLoginCount: 0, lockedUntil: null, passwordChangedAt: new Date() },
        select: { id: true, tenantId: true, email: true, firstName: true },
      });
      const { count } = await tx.session.updateMany({ where: { tenantId: owner.tenantId, userId: owner.userId, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'password_reset' } });
      return { user, sessionsRevoked: count };
    });
    if (!done) throw new DomainError(IdentityError.INVALID_ONE_TIME_TOKEN);
    const { user, sessionsRevoked } = done;
    await this.revocation.revokeUser(user.tenantId, user.id, 'password_reset');
    await this.accounts.notify({ tenantId: user.tenantId, channel: 'EMAIL', recipient: user.email, ...templates.passwordChanged(user.firstName) });
    await this.events.record({ type: 'PASSWORD_RESET', outcome: 'SUCCESS', tenantId: user.tenantId, userId: user.id, email: user.email, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId });
    return { reset: true, sessionsRevoked };
  }

  private link(page: string, code?: string): string {
    const url = new URL(`/account/${page}`, this.config.PUBLIC_URL);
    if (code) url.searchParams.set('code', code);
    return url.toString();
  }
}
