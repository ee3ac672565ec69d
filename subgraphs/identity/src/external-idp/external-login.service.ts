import { randomBytes } from 'node:crypto';
import { DomainError, ErrorCode, type ClientInfo } from '@dataplat/kit';
import type { PrismaClient } from '@dataplat/db';
import { IdentityError } from '../errors';
import type { AuthEventRepository } from '../auth/auth-event.repository';
import type { AuthService } from '../auth/auth.service';
import type { AuthResponse } from '../auth/auth.types';
import { hashPassword } from '../auth/password';
import type { RoleRepository } from '../roles/role.repository';
import type { UserRepository } from '../users/user.repository';
import { normaliseEmail } from '../users/user.service';
import { findUserByEmail, type ExternalLoginRepository } from './login-state.repository';
import type { ProviderRow } from './provider.repository';

/** What a provider proved about the person signing in. */
export interface ExternalIdentityClaims {
  /** OIDC `sub` or SAML NameID: stable at that provider. */
  subject: string;
  email: string | null;
  /** Whether the provider vouches for the e-mail (OIDC `email_verified`; SAML: the IdP is authoritative). */
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
  /** How the provider authenticated, for the auth event (e.g. `oidc`, `saml`). */
  method: 'oidc' | 'saml';
}

/**
 * Turns a proven external identity into a platform sign-in (docs/identity-external-idp.md):
 * 1. an identity already linked to a user signs that user in;
 * 2. else a user of the provider's tenant with the same e-mail is linked, but only when the
 *    provider vouches for the e-mail AND the local account's e-mail is verified (an
 *    unverified local account could have been registered by someone else: pre-hijacking);
 * 3. else, with just-in-time provisioning on, a user is created (e-mail verified, default
 *    role, an unusable random password) and linked; else 403.
 * The session and tokens come from AuthService, the same path as a password login.
 */
export class ExternalLoginService {
  constructor(
    private readonly db: PrismaClient,
    private readonly links: ExternalLoginRepository,
    private readonly users: UserRepository,
    private readonly roles: RoleRepository,
    private readonly auth: AuthService,
    private readonly events: AuthEventRepository,
  ) {}

  async signIn(provider: ProviderRow, claims: ExternalIdentityClaims, client: ClientInfo): Promise<AuthResponse> {
    const tenantId = provider.tenantId;
    const email = claims.email ? normaliseEmail(claims.email) : null;
    const refuse = async (code: ErrorCode, userId?: string): Promise<never> => {
      await this.events.record({ type: 'LOGIN', outcome: 'FAILURE', reason: code, tenantId, userId, email, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId });
      throw new DomainError(code);
    };
    const linked = await this.links.findLink(tenantId, provider.id, claims.subject);
    let userId = linked?.userId;
    if (!userId) {
      if (!email || !claims.emailVerified) return refuse(IdentityError.EXTERNAL_EMAIL_NOT_VERIFIED);
      const local = await findUserByEmail(this.db, tenantId, email);
      if (local && !local.emailVerified) return refuse(IdentityError.EMAIL_NOT_VERIFIED, local.id);
      if (local) userId = local.id;
      else if (provider.jitProvisioning) userId = await this.provision(provider, email, claims);
      else return refuse(IdentityError.EXTERNAL_USER_NOT_PROVISIONED);
    }
    await this.links.link(tenantId, provider.id, claims.subject, userId, email);
    return this.auth.completeExternalLogin(tenantId, userId, `${claims.method}:${provider.id}`, client);
  }

  private async provision(provider: ProviderRow, email: string, claims: ExternalIdentityClaims): Promise<string> {
    const role = await this.roles.findVisibleByName(provider.tenantId, provider.defaultRole);
    const local = email.split('@')[0] || email;
    try {
      const user = await this.users.create({
        tenantId: provider.tenantId,
        email,
        firstName: (claims.firstName ?? '').trim().slice(0, 100) || local.slice(0, 100),
        lastName: (claims.lastName ?? '').trim().slice(0, 100) || '-',
        // Nobody knows this password: the account signs in through the provider (or resets it).
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        emailVerified: true,
        roleIds: role ? [role.id] : [],
      });
      return user.id;
    } catch (e) {
      // Two first sign-ins at once: the other one created the user; link to it.
      const existing = await findUserByEmail(this.db, provider.tenantId, email);
      if (existing?.emailVerified) return existing.id;
      throw e;
    }
  }
}
