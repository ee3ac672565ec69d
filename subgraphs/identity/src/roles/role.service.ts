import { DomainError, ErrorCode, isPlatformAdmin, paginate, pageWindow, SortOrder, SystemRole, type Page, type Principal } from '@dataplat/kit';
import { isDelegated } from '../users/user.guards';
import { isUniqueViolation } from '@dataplat/db';
import { IdentityError } from '../errors';
import type { PermissionRepository, PermissionRow } from './permission.repository';
import { MAX_PERMISSION_IDS, type CreateRoleInput, type RoleListArgs, type UpdateRoleInput } from './role.inputs';
import { SORTABLE_ROLE_FIELDS, type RoleRepository, type RoleRow, type RoleSortField } from './role.repository';

export type PermissionChange = 'set' | 'add' | 'remove';

/**
 * Names a custom role may not take, in any case: the system roles, and the role names the
 * spec's auth column uses. Tokens carry role names and fields are guarded by role name, so a
 * custom role called "admin" or "AUDITOR" must never be mistaken for the real one.
 */
export const RESERVED_ROLE_NAMES = new Set<string>([...Object.values(SystemRole), 'AUDITOR', 'TENANT_ADMIN', 'SERVICE']);

/**
 * Roles: system roles (shared by every tenant, tenant NULL) and custom roles of one tenant.
 * A tenant sees both; a custom role of another tenant does not exist for it (404).
 */
export class RoleService {
  constructor(
    private readonly roles: RoleRepository,
    private readonly permissions: PermissionRepository,
  ) {}

  async get(tenantId: string, id: number): Promise<RoleRow> {
    const role = await this.roles.findVisibleById(tenantId, id);
    if (!role) throw new DomainError(IdentityError.ROLE_NOT_FOUND_BY_ID);
    return role;
  }

  async list(tenantId: string, args: RoleListArgs): Promise<Page<RoleRow>> {
    const sort = args.sort as RoleSortField | undefined;
    if (sort !== undefined && !SORTABLE_ROLE_FIELDS.includes(sort)) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `Cannot sort by "${args.sort}"`, { field: 'sort', allowed: [...SORTABLE_ROLE_FIELDS] });
    }
    const { roles, total } = await this.roles.list({ tenantId, search: args.search, ...pageWindow(args), sort, order: args.order === SortOrder.DESC ? 'desc' : 'asc' });
    return { data: roles, pagination: paginate(args.page, args.size, total) };
  }

  /**
   * A custom role of the acting tenant. Its name must not match any visible role, in any case
   * (409). A delegated administrator may put on it only permissions it holds itself (403).
   */
  async create(actor: Principal, tenantId: string, input: CreateRoleInput): Promise<RoleRow> {
    const permissionIds = await this.knownPermissions(input.permissionIds ?? []);
    await this.assertWithinOwn(actor, permissionIds);
    await this.assertNameFree(tenantId, input.name);
    return this.uniqueName(() => this.roles.create(tenantId, { name: input.name, description: input.description?.trim() ?? '', permissionIds }));
  }

  /**
   * Name and description. A system role keeps its name (400 DPF-IAM-022) and, being shared
   * by every tenant, only a platform admin may change its description (403).
   */
  async update(actor: Principal, tenantId: string, id: number, input: UpdateRoleInput): Promise<RoleRow> {
    const role = await this.get(tenantId, id);
    const rename = input.name !== undefined && input.name !== null && input.name !== role.name;
    const describe = input.description !== undefined && input.description !== null;
    if (role.systemRole && rename) throw new DomainError(IdentityError.SYSTEM_ROLE_PROTECTED, 'System roles cannot be renamed');
    if (role.systemRole && describe) this.assertPlatformAdmin(actor, 'Only a platform administrator can change a system role');
    if (rename) await this.assertNameFree(tenantId, input.name!, id);
    if (!rename && !describe) return role;
    return this.uniqueName(() => this.roles.update(id, { ...(rename ? { name: input.name! } : {}), ...(describe ? { description: input.description!.trim() } : {}) }));
  }

  /** System roles are refused (400); a role still assigned to users is refused (409): unassign it first. */
  async delete(tenantId: string, id: number): Promise<boolean> {
    const role = await this.get(tenantId, id);
    if (role.systemRole) throw new DomainError(IdentityError.SYSTEM_ROLE_PROTECTED, 'System roles cannot be deleted');
    if (!(await this.roles.deleteUnused(tenantId, id))) throw new DomainError(IdentityError.ROLE_IN_USE);
    return true;
  }

  /** Permissions of a system role (shared by every tenant) are changed by platform admins only. */
  async changePermissions(actor: Principal, tenantId: string, id: number, mode: PermissionChange, permissionIds: number[]): Promise<RoleRow> {
    const role = await this.get(tenantId, id);
    if (role.systemRole) this.assertPlatformAdmin(actor, 'Only a platform administrator can change the permissions of a system role');
    if (mode !== 'set' && permissionIds.length === 0) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Give at least one permission id', { field: 'permissionIds' });
    const known = await this.knownPermissions(permissionIds);
    if (mode !== 'remove') await this.assertWithinOwn(actor, known);
    return this.roles.changePermissions(id, mode, known);
  }

  /**
   * A caller administering roles through a custom role (not ADMIN or PLATFORM_ADMIN) hands out
   * only permissions it holds itself, so roles:write cannot be turned into more (403).
   */
  private async assertWithinOwn(actor: Principal, permissionIds: number[]): Promise<void> {
    if (!isDelegated(actor) || permissionIds.length === 0) return;
    const beyond = (await this.permissions.namesOf(permissionIds)).filter((p) => !actor.permissions?.includes(p)).sort();
    if (beyond.length) throw new DomainError(ErrorCode.FORBIDDEN, `You cannot grant permissions you do not hold: ${beyond.join(', ')}`, { permissions: beyond });
  }

  allPermissions(): Promise<PermissionRow[]> {
    return this.permissions.all();
  }

  /** Distinct ids, every one a permission; else 400 DPF-IAM-024 naming the unknown ones. */
  private async knownPermissions(requested: number[]): Promise<number[]> {
    const ids = [...new Set(requested)];
    if (ids.length > MAX_PERMISSION_IDS) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `At most ${MAX_PERMISSION_IDS} permission ids per request`, { field: 'permissionIds', max: MAX_PERMISSION_IDS });
    }
    if (ids.length === 0) return [];
    const found = new Set(await this.permissions.existing(ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new DomainError(IdentityError.UNKNOWN_PERMISSION, `Unknown permission id(s): ${missing.join(', ')}`, { permissionIds: missing });
    return ids;
  }

  private async assertNameFree(tenantId: string, name: string, exceptId?: number): Promise<void> {
    if (RESERVED_ROLE_NAMES.has(name.toUpperCase())) {
      throw new DomainError(IdentityError.ROLE_NAME_EXISTS, `The role name "${name}" is reserved`, { name });
    }
    const clash = await this.roles.findVisibleByName(tenantId, name, exceptId);
    if (clash) throw new DomainError(IdentityError.ROLE_NAME_EXISTS, `A role named "${clash.name}" already exists`, { name: clash.name });
  }

  private assertPlatformAdmin(actor: Principal, message: string): void {
    if (!isPlatformAdmin(actor)) throw new DomainError(ErrorCode.FORBIDDEN, message);
  }

  /** The unique index (tenant, name) is the last word when two requests race. */
  private async uniqueName(write: () => Promise<RoleRow>): Promise<RoleRow> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(IdentityError.ROLE_NAME_EXISTS);
      throw e;
    }
  }
}
