import { randomUUID } from 'node:crypto';
import {
  DomainError,
  ErrorCode,
  type ClientInfo,
  type PlatformConfig,
  type TokenService,
} from '@dataplat/kit';
import type { UserRepository } from '../users/user.repository';
import { normaliseEmail } from '../users/user.service';
import type { AuthResponse, LogoutResponse, RefreshResponse } from './auth.types';
import type { LoginInput } from './auth.inputs';
import { needsRehash, hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import type { RevocationRepository } from '../tokens/revocation.repository';
import type { AuthEventRepository } from './auth-event.repository';
import type { SessionRepository } from './session.repository';
import { loginFingerprint, type DeviceLoginGate, type LoginDevice } from '../devices/device-login';
import type { TenantDirectory } from './tenant-directory';

export interface LoginPolicy {
  maxFailures: number;
  lockSeconds: number;
}

export const loginPolicyFrom = (c: PlatformConfig): LoginPolicy => ({ maxFailures: c.LOGIN_MAX_FAILURES, lockSeconds: c.LOGIN_LOCK_DURATION });

/**
 * Password login, refresh and logout. Wrong e-mail and wrong password are told apart
 * neither by message nor by timing. After `maxFailures` consecutive failures the account
 * is locked for `lockSeconds` (docs/decisions.md, "Account lockout").
 */
export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: TokenService,
    private readonly policy: LoginPolicy,
    private readonly issued: RevocationRepository,
    private readonly events: AuthEventRepository,
    private readonly devices: DeviceLoginGate,
    private readonly tenants: TenantDirectory,
  ) {}

  /**
   * Every outcome, success or failure, is recorded as an auth event (ip, user agent, reason).
   * With a device fingerprint (input, else the X-Device-Fingerprint header) the device is
   * registered or its use recorded, a blocked device is refused (403) once the credentials
   * are proven, and the session records the device.
   */
  async login(input: LoginInput, client: ClientInfo, headerFingerprint?: string | null): Promise<AuthResponse> {
    const fingerprint = loginFingerprint(input.deviceFingerprint, headerFingerprint);
    const email = normaliseEmail(input.email);
    const event = { type: 'LOGIN' as const, email, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId };
    const refuse = async (code: ErrorCode, user?: { tenantId: string; id: string }): Promise<never> => {
      await this.events.record({ ...event, outcome: 'FAILURE', reason: code, tenantId: user?.tenantId, userId: user?.id });
      throw new DomainError(code);
    };
    let user;
    try {
      user = await this.findLoginUser(email, input.tenantSlug);
    } catch (e) {
      if (e instanceof DomainError) return refuse(e.code);
      throw e;
    }
    if (!user) {
      await verifyAgainstDummy(input.password);
      return refuse(ErrorCode.INVALID_CREDENTIALS);
    }
    if (user.lockedUntil && user.lockedUntil > new Date()) return refuse(ErrorCode.ACCOUNT_LOCKED, user);
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      await this.users.recordFailedLogin(user.tenantId, user.id, this.policy.maxFailures, this.policy.lockSeconds);
      return refuse(ErrorCode.INVALID_CREDENTIALS, user);
    }
    if (!user.enabled) return refuse(ErrorCode.ACCOUNT_DISABLED, user);
    try {
      await this.tenants.assertOpen(user.tenantId);
    } catch (e) {
      if (e instanceof DomainError) return refuse(e.code, user);
      throw e;
    }
    // Only after the password is proven: an unverified address is not revealed to guessers.
    if (!user.emailVerified) return refuse(ErrorCode.EMAIL_NOT_VERIFIED, user);
    let device: LoginDevice | null = null;
    if (fingerprint) {
      try {
        device = await this.devices.admit(user, fingerprint, client);
      } catch (e) {
        if (e instanceof DomainError) return refuse(e.code, user);
        throw e;
      }
    }
    if (await this.devices.mfaRequiredForDevice(user, device)) return this.mfaChallenge();

    const upgraded = needsRehash(user.passwordHash) ? await hashPassword(input.password) : undefined;
    await this.users.recordSuccessfulLogin(user.tenantId, user.id, upgraded);
    const roles = user.roles.map((r) => r.role.name).sort();
    const tokens = await this.openSession(user.tenantId, user.id, roles, client, user.mustChangePassword, device);
    await this.events.record({ ...event, outcome: 'SUCCESS', tenantId: user.tenantId, userId: user.id });
    return {
      ...tokens,
      passwordChangeRequired: user.mustChangePassword,
      user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, roles, tenantId: user.tenantId },
    };
  }

  /** A new access token carrying the user's current roles and tenant (spec 1, rule 1). */
  refresh(refreshToken: string, client: ClientInfo): Promise<RefreshResponse> {
    return this.recorded('REFRESH', client, refreshToken, () => this.doRefresh(refreshToken));
  }

  /** Revokes the session of a refresh token; its access tokens live until they expire. */
  logout(refreshToken: string, client: ClientInfo): Promise<LogoutResponse> {
    return this.recorded('LOGOUT', client, refreshToken, async () => {
      const claims = await this.tokens.verify(refreshToken, 'refresh');
      return { revoked: await this.sessions.revoke(claims.tenant_id ?? '', claims.jti, 'logout') };
    });
  }

  /** Runs a refresh-token operation and records its outcome as an auth event. */
  private async recorded<T>(type: 'REFRESH' | 'LOGOUT', client: ClientInfo, refreshToken: string, run: () => Promise<T>): Promise<T> {
    // Who it concerns, read without trusting the token (the event is only a record).
    let subject: { tenantId?: string; userId?: string } = {};
    try {
      const payload = JSON.parse(Buffer.from(refreshToken.split('.')[1] ?? '', 'base64url').toString());
      subject = { tenantId: typeof payload.tenant_id === 'string' ? payload.tenant_id : undefined, userId: typeof payload.sub === 'string' ? payload.sub : undefined };
    } catch {
      // malformed: no subject
    }
    const event = { type, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId };
    try {
      const result = await run();
      await this.events.record({ ...event, outcome: 'SUCCESS', ...subject });
      return result;
    } catch (e) {
      // An unverified token names nobody: its claims are not recorded as the subject.
      const verified = e instanceof DomainError && !e.code.startsWith('DPF-AUTH');
      await this.events.record({ ...event, outcome: 'FAILURE', reason: e instanceof DomainError ? e.code : 'error', ...(verified ? subject : {}) });
      throw e;
    }
  }

  private async doRefresh(refreshToken: string): Promise<RefreshResponse> {
    const claims = await this.tokens.verify(refreshToken, 'refresh');
    const tenantId = claims.tenant_id ?? '';
    const session = await this.sessions.findByJti(tenantId, claims.jti);
    if (!session || session.revokedAt || session.expiresAt <= new Date()) throw new DomainError(ErrorCode.SESSION_REVOKED);
    const user = await this.users.findCredentials(tenantId, session.userId);
    if (!user) throw new DomainError(ErrorCode.SESSION_REVOKED);
    if (!user.enabled) throw new DomainError(ErrorCode.ACCOUNT_DISABLED);
    await this.tenants.assertOpen(tenantId);
    await this.sessions.touch(tenantId, session.id);
    const access = await this.issueAccess(tenantId, user.id, user.roles.map((r) => r.role.name).sort(), session.id, user.mustChangePassword);
    return { accessToken: access.token, tokenType: 'Bearer', expiresIn: access.expiresIn };
  }


  /**
   * The MFA issue replaces this: a pending login (user, device, client) and an MfaChallenge,
   * completed by openSession() with the same device. Until then it fails closed.
   */
  private mfaChallenge(): never {
    throw new DomainError(ErrorCode.INTERNAL, 'An MFA challenge is required but not available');
  }

  private async openSession(tenantId: string, userId: string, roles: string[], client: ClientInfo, passwordChangeRequired = false, device: LoginDevice | null = null) {
    const refreshJti = randomUUID();
    const expiresAt = new Date(Date.now() + this.tokens.lifetimes.refreshSeconds * 1000);
    const session = await this.sessions.createForDevice({ tenantId, userId, refreshJti, ipAddress: client.ip, userAgent: client.userAgent, expiresAt }, device);
    const [access, refresh] = await Promise.all([
      this.issueAccess(tenantId, userId, roles, session.id, passwordChangeRequired),
      this.tokens.issue('refresh', userId, { tenant_id: tenantId, sid: session.id }, undefined, refreshJti),
    ]);
    return { accessToken: access.token, refreshToken: refresh.token, tokenType: 'Bearer', expiresIn: access.expiresIn };
  }

  /** Issues an access token and records its jti, so it can be revoked before it expires. */
  private async issueAccess(tenantId: string, userId: string, roles: string[], sessionId: number, passwordChangeRequired = false) {
    const claims = { tenant_id: tenantId, roles, sid: sessionId, ...(passwordChangeRequired ? { pwd_change_required: true } : {}) };
    const access = await this.tokens.issue('access', userId, claims);
    await this.issued.recordIssued({ jti: access.jti, tenantId, userId, sessionId, expiresAt: access.expiresAt });
    return access;
  }

  /**
   * The account an e-mail logs in to. E-mails are unique per tenant; when one exists in
   * several tenants the caller must name the tenant by its slug (`platform` or a tenant's).
   */
  private async findLoginUser(email: string, tenantSlug?: string) {
    const candidates = await this.users.findCredentialsByEmail(email, 10);
    if (tenantSlug) {
      const tenantId = await this.tenants.idOfSlug(tenantSlug);
      return candidates.find((u) => u.tenantId === tenantId) ?? null;
    }
    if (candidates.length > 1) throw new DomainError(ErrorCode.TENANT_AMBIGUOUS);
    return candidates[0] ?? null;
  }
}
