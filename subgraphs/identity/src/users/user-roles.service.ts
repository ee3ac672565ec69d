import { DomainError, ErrorCode, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { RoleRepository, RoleRow } from '../roles/role.repository';
import type { UserAccessRevoker } from './user-access';
import type { UserAdminRepository } from './user-admin.repository';
import { orLastAdmin, type UserGuard } from './user.guards';
import type { UserRepository } from './user.repository';
import type { User } from './user.type';

/**
 * Role assignments of a user. Any change revokes the user's live access tokens (they carry
 * the role names); the sessions stay, and a refresh issues a token with the new roles.
 */
export class UserRoleService {
  constructor(
    private readonly users: UserRepository,
    private readonly roles: RoleRepository,
    private readonly admin: UserAdminRepository,
    private readonly guard: UserGuard,
    private readonly revoke: UserAccessRevoker,
  ) {}

  async rolesOf(tenantId: string, id: string): Promise<RoleRow[]> {
    if (!(await this.users.findById(tenantId, id))) throw new DomainError(IdentityError.USER_NOT_FOUND);
    return this.roles.heldBy(tenantId, id);
  }

  /** Replaces every role of the user (an empty list leaves none). */
  async set(actor: Principal, tenantId: string, id: string, roleIds: number[]): Promise<User> {
    const user = await this.guard.target(actor, tenantId, id);
    const granted = await this.guard.grantable(actor, tenantId, roleIds);
    this.guard.assertKeepsOwnAdminRoles(actor, tenantId, user, granted.map((r) => r.name));
    const result = orLastAdmin(await this.admin.setRoles(tenantId, id, granted.map((r) => r.id)));
    return this.revokedIfChanged(tenantId, id, result);
  }

  /** Adds roles; those the user already holds are left as they are. */
  async add(actor: Principal, tenantId: string, id: string, roleIds: number[]): Promise<User> {
    await this.guard.target(actor, tenantId, id);
    if (roleIds.length === 0) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Give at least one role id', { field: 'roleIds' });
    const granted = await this.guard.grantable(actor, tenantId, roleIds);
    const result = await this.admin.addRoles(tenantId, id, granted.map((r) => r.id));
    return this.revokedIfChanged(tenantId, id, result);
  }

  /** Removes one role; removing a role the user does not hold changes nothing (idempotent). */
  async remove(actor: Principal, tenantId: string, id: string, roleId: number): Promise<User> {
    const user = await this.guard.target(actor, tenantId, id);
    const [role] = await this.roles.findVisible(tenantId, [roleId]);
    if (!role) throw new DomainError(IdentityError.ROLE_NOT_FOUND_BY_ID);
    this.guard.assertKeepsOwnAdminRoles(actor, tenantId, user, user.roles.filter((r) => r !== role.name));
    const result = orLastAdmin(await this.admin.removeRole(tenantId, id, role.id));
    return this.revokedIfChanged(tenantId, id, result);
  }

  private async revokedIfChanged(tenantId: string, id: string, result: { user: User; changed: boolean }): Promise<User> {
    if (result.changed) await this.revoke.accessTokens(tenantId, id, 'roles_changed');
    return result.user;
  }
}
