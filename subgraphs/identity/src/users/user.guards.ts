import { DomainError, ErrorCode, isAdministrator, isPlatformAdmin, SystemRole, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { RoleRef, RoleRepository } from '../roles/role.repository';
import { LAST_PLATFORM_ADMIN, type Guarded } from './user-admin.repository';
import type { UserRepository } from './user.repository';
import type { User } from './user.type';

/** Roles only a platform administrator may grant, or hold on an account a tenant admin may change. */
export const PLATFORM_ONLY_ROLES = new Set<string>([SystemRole.PLATFORM_ADMIN]);
/** Roles that administer users: an administrator may not take them from themselves. */
export const ADMIN_ROLES = new Set<string>([SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN]);
/** Most role ids accepted in one request. */
export const MAX_ROLE_IDS = 50;

/** The caller's own account, in the tenant the request acts in. */
export const isSelf = (actor: Principal, tenantId: string, userId: string): boolean =>
  actor.kind !== 'service_token' && actor.subject === userId && actor.homeTenantId === tenantId;

/**
 * A user acting through permissions its roles grant (a custom role with users:write, say), not
 * as ADMIN or PLATFORM_ADMIN. Such a caller neither touches administrators nor hands out more
 * than it holds. Service tokens act by their scopes and are not limited this way.
 */
export const isDelegated = (actor: Principal): boolean => actor.kind !== 'service_token' && !isAdministrator(actor);

/** Unwraps a guarded change: 409 when it would remove the last platform administrator. */
export function orLastAdmin<T>(result: Guarded<T>): T {
  if (result === LAST_PLATFORM_ADMIN) throw new DomainError(IdentityError.LAST_PLATFORM_ADMIN);
  return result;
}

/** Rules every administrative change of a user shares. */
export class UserGuard {
  constructor(
    private readonly users: UserRepository,
    private readonly roles: RoleRepository,
  ) {}

  /**
   * The user an administrator acts on: 404 outside the acting tenant, 403 when the user holds
   * PLATFORM_ADMIN and the actor does not (a tenant admin cannot touch a platform operator).
   */
  async target(actor: Principal, tenantId: string, id: string): Promise<User> {
    const user = await this.users.findById(tenantId, id);
    if (!user) throw new DomainError(IdentityError.USER_NOT_FOUND);
    if (!isPlatformAdmin(actor) && user.roles.some((r) => PLATFORM_ONLY_ROLES.has(r))) {
      throw new DomainError(ErrorCode.FORBIDDEN, 'Only a platform administrator can change a platform administrator');
    }
    if (isDelegated(actor) && user.roles.some((r) => ADMIN_ROLES.has(r))) {
      throw new DomainError(ErrorCode.FORBIDDEN, 'Only an administrator can change an administrator');
    }
    return user;
  }

  /**
   * Roles the actor may grant in the tenant: each id must be visible there (400 DPF-IAM-007
   * naming the unknown ones), and PLATFORM_ADMIN needs a platform admin (403).
   */
  async grantable(actor: Principal, tenantId: string, requested: number[]): Promise<RoleRef[]> {
    const ids = [...new Set(requested)];
    if (ids.length > MAX_ROLE_IDS) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `At most ${MAX_ROLE_IDS} role ids per request`, { field: 'roleIds', max: MAX_ROLE_IDS });
    }
    if (ids.length === 0) return [];
    const found = await this.roles.findVisible(tenantId, ids);
    const missing = ids.filter((id) => !found.some((r) => r.id === id));
    if (missing.length) throw new DomainError(IdentityError.ROLE_NOT_FOUND, `Unknown role id(s): ${missing.join(', ')}`, { roleIds: missing });
    if (!isPlatformAdmin(actor) && found.some((r) => PLATFORM_ONLY_ROLES.has(r.name))) {
      throw new DomainError(ErrorCode.FORBIDDEN, 'Only a platform administrator can grant PLATFORM_ADMIN');
    }
    if (isDelegated(actor)) {
      if (found.some((r) => ADMIN_ROLES.has(r.name))) throw new DomainError(ErrorCode.FORBIDDEN, 'Only an administrator can grant ADMIN');
      const beyond = (await this.roles.permissionNamesOf(found.map((r) => r.id))).filter((p) => !actor.permissions?.includes(p)).sort();
      if (beyond.length) throw new DomainError(ErrorCode.FORBIDDEN, `You cannot grant a role with permissions you do not hold: ${beyond.join(', ')}`, { permissions: beyond });
    }
    return found;
  }

  /** An administrator cannot take an administering role from their own account (400). */
  assertKeepsOwnAdminRoles(actor: Principal, tenantId: string, user: User, remaining: string[]): void {
    if (!isSelf(actor, tenantId, user.id)) return;
    const lost = user.roles.filter((r) => ADMIN_ROLES.has(r) && !remaining.includes(r));
    if (lost.length) {
      throw new DomainError(IdentityError.SELF_LOCKOUT, `You cannot remove ${lost.join(' and ')} from your own account`, { roles: lost });
    }
  }
}
