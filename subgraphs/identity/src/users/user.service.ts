import { DomainError, ErrorCode, paginate, pageWindow, SortOrder, SystemRole, type Page, type Principal } from '@dataplat/kit';
import { Prisma } from '@dataplat/db';
import { hashPassword } from '../auth/password';
import type { RoleRepository } from '../roles/role.repository';
import type { CreateUserInput, UserListArgs } from './user.inputs';
import { SORTABLE_USER_FIELDS, type UserRepository, type UserSortField } from './user.repository';
import type { User } from './user.type';

/** Roles only a platform administrator may grant. */
const PLATFORM_ONLY_ROLES = new Set<string>([SystemRole.PLATFORM_ADMIN]);

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly roles: RoleRepository,
  ) {}

  /** The caller's own account, in the tenant the caller belongs to. */
  async me(principal: Principal): Promise<User> {
    const user = principal.homeTenantId && (await this.users.findById(principal.homeTenantId, principal.subject));
    if (!user) throw new DomainError(ErrorCode.USER_NOT_FOUND);
    return user;
  }

  async get(tenantId: string, id: string): Promise<User> {
    const user = await this.users.findById(tenantId, id);
    if (!user) throw new DomainError(ErrorCode.USER_NOT_FOUND);
    return user;
  }

  async list(tenantId: string, args: UserListArgs): Promise<Page<User>> {
    const sort = (args.sort ?? 'createdAt') as UserSortField;
    if (!SORTABLE_USER_FIELDS.includes(sort)) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `Cannot sort by "${args.sort}"`, { field: 'sort', allowed: [...SORTABLE_USER_FIELDS] });
    }
    const { users, total } = await this.users.list({
      tenantId,
      search: args.search,
      ...pageWindow(args),
      sort,
      order: args.order === SortOrder.DESC ? 'desc' : 'asc',
    });
    return { data: users, pagination: paginate(args.page, args.size, total) };
  }

  async create(actor: Principal, tenantId: string, input: CreateUserInput): Promise<User> {
    const roleIds = await this.grantableRoleIds(actor, tenantId, input.roleIds);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.users.create({
        tenantId,
        email: normaliseEmail(input.email),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        passwordHash,
        // An administrator vouches for the address of an account they create.
        emailVerified: true,
        roleIds,
      });
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') throw new DomainError(ErrorCode.EMAIL_EXISTS);
      throw e;
    }
  }

  /** Role ids must be visible to the tenant; platform-only roles need a platform admin. */
  private async grantableRoleIds(actor: Principal, tenantId: string, requested?: number[]): Promise<number[]> {
    if (!requested || requested.length === 0) {
      const role = await this.roles.findSystemRole(SystemRole.USER);
      return role ? [role.id] : [];
    }
    const ids = [...new Set(requested)];
    const found = await this.roles.findVisible(tenantId, ids);
    const missing = ids.filter((id) => !found.some((r) => r.id === id));
    if (missing.length) throw new DomainError(ErrorCode.ROLE_NOT_FOUND, `Unknown role id(s): ${missing.join(', ')}`, { roleIds: missing });
    if (!actor.roles.includes(SystemRole.PLATFORM_ADMIN) && found.some((r) => PLATFORM_ONLY_ROLES.has(r.name))) {
      throw new DomainError(ErrorCode.FORBIDDEN, 'Only a platform administrator can grant PLATFORM_ADMIN');
    }
    return ids;
  }
}
