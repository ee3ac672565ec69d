import { randomUUID } from 'node:crypto';
import {
  DomainError,
  ErrorCode,
  type ClientInfo,
  type PlatformConfig,
  type TokenService,
} from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { UserRepository } from '../users/user.repository';
import { normaliseEmail } from '../users/user.service';
import type { AuthResponse, LogoutResponse, MfaChallenge, RefreshResponse } from './auth.types';
import type { LoginInput } from './auth.inputs';
import { needsRehash, hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import type { RevocationRepository } from '../tokens/revocation.repository';
import type { AuthEventRepository } from './auth-event.repository';
import type { SessionRepository } from './session.repository';
import { loginFingerprint, type DeviceLoginGate, type LoginDevice } from '../devices/device-login';
import type { MfaLoginGate } from '../mfa/mfa-login.service';

type LoginAccount = NonNullable<Awaited<ReturnType<UserRepository['findCredentials']>>>;

/** A login whose second factor was just proven (MfaLoginService.pass). */
export interface CompletedChallenge {
  tenantId: string;
  userId: string;
  deviceFingerprint: string | null;
}

/** RFC 8176 `amr` of a password-only login. */
const PASSWORD_ONLY = ['pwd'];
/** A sign-in proven by an external identity provider (OIDC or SAML). */
const EXTERNAL = ['ext'];

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
    private readonly mfa: MfaLoginGate,
    private readonly tenants: TenantDirectory,
  ) {}

  /**
   * Every outcome, success or failure, is recorded as an auth event (ip, user agent, reason).
   * With a device fingerprint (input, else the X-Device-Fingerprint header) the device is
   * registered or its use recorded, a blocked device is refused (403) once the credentials
   * are proven, and the session records the device.
   */
  async login(input: LoginInput, client: ClientInfo, headerFingerprint?: string | null): Promise<AuthResponse | MfaChallenge> {
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
      return refuse(IdentityError.INVALID_CREDENTIALS);
    }
    if (user.lockedUntil && user.lockedUntil > new Date()) return refuse(IdentityError.ACCOUNT_LOCKED, user);
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      await this.users.recordFailedLogin(user.tenantId, user.id, this.policy.maxFailures, this.policy.lockSeconds);
      return refuse(IdentityError.INVALID_CREDENTIALS, user);
    }
    if (!user.enabled) return refuse(IdentityError.ACCOUNT_DISABLED, user);
    const tenantClosed = await this.tenantClosed(user.tenantId);
    if (tenantClosed) return refuse(tenantClosed, user);
    // Only after the password is proven: an unverified address is not revealed to guessers.
    if (!user.emailVerified) return refuse(IdentityError.EMAIL_NOT_VERIFIED, user);
    let device: LoginDevice | null = null;
    if (fingerprint) {
      try {
        device = await this.devices.admit(user, fingerprint, client);
      } catch (e) {
        if (e instanceof DomainError) return refuse(e.code, user);
        throw e;
      }
    }
    // MFA-enabled users get a challenge unless their device may skip it (docs/identity-mfa.md).
    if ((await this.mfa.activeMethods(user)).length && (await this.devices.mfaRequiredForDevice(user, device))) {
      const challenge = await this.mfa.openChallenge(user, device, client);
      await this.events.record({ ...event, type: 'MFA_CHALLENGE', outcome: 'SUCCESS', tenantId: user.tenantId, userId: user.id, reason: challenge.availableMethods.join(' ') });
      return challenge;
    }
    const upgraded = needsRehash(user.passwordHash) ? await hashPassword(input.password) : undefined;
    return this.finishLogin(user, device, client, PASSWORD_ONLY, upgraded);
  }

  /**
   * The second half of a login whose MFA challenge was passed: the account is checked again
   * (it may have been disabled or locked meanwhile) and so is the device (blocked meanwhile:
   * 403), then the session opens exactly as for a password-only login, with `amr` telling how.
   */
  async completeMfaLogin(pending: CompletedChallenge, amr: string[], client: ClientInfo): Promise<AuthResponse> {
    const user = await this.users.findCredentials(pending.tenantId, pending.userId);
    const event = { type: 'LOGIN' as const, email: user?.email, tenantId: pending.tenantId, userId: pending.userId, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId };
    const refuse = async (code: ErrorCode): Promise<never> => {
      await this.events.record({ ...event, outcome: 'FAILURE', reason: code });
      throw new DomainError(code);
    };
    if (!user) return refuse(IdentityError.MFA_CHALLENGE_INVALID);
    if (user.lockedUntil && user.lockedUntil > new Date()) return refuse(IdentityError.ACCOUNT_LOCKED);
    if (!user.enabled) return refuse(IdentityError.ACCOUNT_DISABLED);
    // The tenant may have been suspended while the challenge was open.
    const tenantClosed = await this.tenantClosed(user.tenantId);
    if (tenantClosed) return refuse(tenantClosed);
    let device: LoginDevice | null = null;
    try {
      device = pending.deviceFingerprint ? await this.devices.resume(user, pending.deviceFingerprint) : null;
    } catch (e) {
      if (e instanceof DomainError) return refuse(e.code);
      throw e;
    }
    return this.finishLogin(user, device, client, amr);
  }

  /**
   * A sign-in whose identity an external provider proved (OIDC or SAML, external-idp/). The
   * account is read and checked as for a password login: a disabled account is refused (403
   * DPF-IAM-003), a locked one too (423 DPF-IAM-002). `via` (e.g. `oidc:<providerId>`) is
   * recorded as the reason of the LOGIN event. No device fingerprint: no device gate. Its tokens
   * carry `amr: ["ext"]`: local MFA is not asked again (docs/identity-external-idp.md), so
   * "bearer and MFA" routes stay closed to them.
   */
  async completeExternalLogin(tenantId: string, userId: string, via: string, client: ClientInfo): Promise<AuthResponse> {
    const user = await this.users.findCredentials(tenantId, userId);
    const event = { type: 'LOGIN' as const, email: user?.email, tenantId, userId, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId };
    const refuse = async (code: ErrorCode): Promise<never> => {
      await this.events.record({ ...event, outcome: 'FAILURE', reason: `${code} ${via}` });
      throw new DomainError(code);
    };
    if (!user) return refuse(IdentityError.USER_NOT_FOUND);
    if (user.lockedUntil && user.lockedUntil > new Date()) return refuse(IdentityError.ACCOUNT_LOCKED);
    if (!user.enabled) return refuse(IdentityError.ACCOUNT_DISABLED);
    const tenantClosed = await this.tenantClosed(user.tenantId);
    if (tenantClosed) return refuse(tenantClosed);
    return this.finishLogin(user, null, client, EXTERNAL, undefined, via);
  }

  /** The refusal code when the user's tenant is suspended or gone (TenantDirectory), else null. */
  private async tenantClosed(tenantId: string): Promise<ErrorCode | null> {
    try {
      await this.tenants.assertOpen(tenantId);
      return null;
    } catch (e) {
      if (e instanceof DomainError) return e.code as ErrorCode;
      throw e;
    }
  }

  private async finishLogin(user: LoginAccount, device: LoginDevice | null, client: ClientInfo, amr: string[], upgradedHash?: string, via?: string): Promise<AuthResponse> {
    await this.users.recordSuccessfulLogin(user.tenantId, user.id, upgradedHash);
    const roles = user.roles.map((r) => r.role.name).sort();
    const tokens = await this.openSession(user.tenantId, user.id, roles, client, user.mustChangePassword, device, amr);
    await this.events.record({ type: 'LOGIN', email: user.email, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId, outcome: 'SUCCESS', tenantId: user.tenantId, userId: user.id, reason: via ?? (amr.includes('mfa') ? amr.join(' ') : null) });
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
    if (!session || session.revokedAt || session.expiresAt <= new Date()) throw new DomainError(IdentityError.SESSION_REVOKED);
    const user = await this.users.findCredentials(tenantId, session.userId);
    if (!user) throw new DomainError(IdentityError.SESSION_REVOKED);
    if (!user.enabled) throw new DomainError(IdentityError.ACCOUNT_DISABLED);
    await this.tenants.assertOpen(tenantId);
    await this.sessions.touch(tenantId, session.id);
    const amr = Array.isArray(claims.amr) ? claims.amr.map(String) : undefined;
    const access = await this.issueAccess(tenantId, user.id, user.roles.map((r) => r.role.name).sort(), session.id, user.mustChangePassword, amr);
    return { accessToken: access.token, tokenType: 'Bearer', expiresIn: access.expiresIn };
  }


  /** The refresh token carries the login's `amr` so that refreshed access tokens keep it. */
  private async openSession(tenantId: string, userId: string, roles: string[], client: ClientInfo, passwordChangeRequired: boolean, device: LoginDevice | null, amr: string[]) {
    const refreshJti = randomUUID();
    const expiresAt = new Date(Date.now() + this.tokens.lifetimes.refreshSeconds * 1000);
    const session = await this.sessions.createForDevice({ tenantId, userId, refreshJti, ipAddress: client.ip, userAgent: client.userAgent, expiresAt }, device);
    const [access, refresh] = await Promise.all([
      this.issueAccess(tenantId, userId, roles, session.id, passwordChangeRequired, amr),
      this.tokens.issue('refresh', userId, { tenant_id: tenantId, sid: session.id, amr }, undefined, refreshJti),
    ]);
    return { accessToken: access.token, refreshToken: refresh.token, tokenType: 'Bearer', expiresIn: access.expiresIn };
  }

  /** Issues an access token and records its jti, so it can be revoked before it expires. */
  private async issueAccess(tenantId: string, userId: string, roles: string[], sessionId: number, passwordChangeRequired = false, amr?: string[]) {
    const claims = { tenant_id: tenantId, roles, sid: sessionId, ...(passwordChangeRequired ? { pwd_change_required: true } : {}), ...(amr ? { amr } : {}) };
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
    if (candidates.length > 1) throw new DomainError(IdentityError.TENANT_AMBIGUOUS);
    return candidates[0] ?? null;
  }
}
