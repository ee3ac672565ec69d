import { DomainError, type ClientInfo, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { AuthEventRepository } from '../auth/auth-event.repository';
import { hashPassword, verifyPassword } from '../auth/password';
import type { LoginPolicy } from '../auth/auth.service';
import { generateTemporaryPassword } from './temporary-password';
import type { UserAccessRevoker } from './user-access';
import type { UserAdminRepository } from './user-admin.repository';
import { isSelf, orLastAdmin, type UserGuard } from './user.guards';
import type { ChangeMyPasswordInput } from './user.inputs';
import type { UserRepository } from './user.repository';
import type { TemporaryPasswordResult, User } from './user.type';

/** Account state (enable, disable, unlock), deletion and passwords. */
export class UserAdminService {
  constructor(
    private readonly users: UserRepository,
    private readonly admin: UserAdminRepository,
    private readonly guard: UserGuard,
    private readonly revoke: UserAccessRevoker,
    private readonly events: AuthEventRepository,
    private readonly policy: LoginPolicy,
  ) {}

  async enable(actor: Principal, tenantId: string, id: string): Promise<User> {
    await this.guard.target(actor, tenantId, id);
    return orLastAdmin(await this.admin.setEnabled(tenantId, id, true));
  }

  /** Login is refused from now on, and every session and access token is revoked. */
  async disable(actor: Principal, tenantId: string, id: string): Promise<User> {
    await this.guard.target(actor, tenantId, id);
    if (isSelf(actor, tenantId, id)) throw new DomainError(IdentityError.SELF_LOCKOUT, 'You cannot disable your own account');
    const user = orLastAdmin(await this.admin.setEnabled(tenantId, id, false));
    await this.revoke.everything(tenantId, id, 'user_disabled');
    return user;
  }

  /** Clears the lock and the failed-login counter. */
  async unlock(actor: Principal, tenantId: string, id: string): Promise<User> {
    await this.guard.target(actor, tenantId, id);
    return this.admin.unlock(tenantId, id);
  }

  /**
   * Disabled first (so no login or refresh slips in), then every token is revoked while the
   * token records still exist, then the row goes with everything that cascades from it.
   */
  async delete(actor: Principal, tenantId: string, id: string): Promise<boolean> {
    await this.guard.target(actor, tenantId, id);
    if (isSelf(actor, tenantId, id)) throw new DomainError(IdentityError.SELF_LOCKOUT, 'You cannot delete your own account');
    orLastAdmin(await this.admin.setEnabled(tenantId, id, false));
    await this.revoke.everything(tenantId, id, 'user_deleted');
    return orLastAdmin(await this.admin.delete(tenantId, id));
  }

  /**
   * A random temporary password, returned once and stored only as its argon2 hash. The user
   * must change it at the next login; every session and access token is revoked.
   */
  async resetPassword(actor: Principal, tenantId: string, id: string): Promise<TemporaryPasswordResult> {
    await this.guard.target(actor, tenantId, id);
    const temporaryPassword = generateTemporaryPassword();
    await this.admin.setPassword(tenantId, id, await hashPassword(temporaryPassword), true);
    await this.revoke.everything(tenantId, id, 'password_reset');
    return { temporaryPassword };
  }

  /**
   * The caller's own password. A wrong current password is 400 DPF-IAM-027 and counts as a
   * failed login (lockout applies); a locked account is 423. Clears mustChangePassword and
   * ends every other session of the user with its access tokens; the caller's own session stays.
   */
  async changeMyPassword(principal: Principal, input: ChangeMyPasswordInput, client: ClientInfo): Promise<boolean> {
    const tenantId = principal.homeTenantId;
    const user = tenantId ? await this.users.findCredentials(tenantId, principal.subject) : null;
    if (!tenantId || !user) throw new DomainError(IdentityError.USER_NOT_FOUND);
    const event = { type: 'PASSWORD_CHANGED' as const, tenantId, userId: user.id, email: user.email, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId };
    if (user.lockedUntil && user.lockedUntil > new Date()) {
      await this.events.record({ ...event, outcome: 'FAILURE', reason: IdentityError.ACCOUNT_LOCKED });
      throw new DomainError(IdentityError.ACCOUNT_LOCKED);
    }
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await this.users.recordFailedLogin(tenantId, user.id, this.policy.maxFailures, this.policy.lockSeconds);
      await this.events.record({ ...event, outcome: 'FAILURE', reason: IdentityError.CURRENT_PASSWORD_INCORRECT });
      throw new DomainError(IdentityError.CURRENT_PASSWORD_INCORRECT);
    }
    if (input.newPassword === input.currentPassword) throw new DomainError(IdentityError.PASSWORD_UNCHANGED);
    await this.admin.setPassword(tenantId, user.id, await hashPassword(input.newPassword), false);
    await this.revoke.otherSessions(tenantId, user.id, principal.sessionId, 'password_changed');
    await this.events.record({ ...event, outcome: 'SUCCESS' });
    return true;
  }
}
