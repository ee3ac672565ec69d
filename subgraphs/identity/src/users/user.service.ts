import { DomainError, ErrorCode, paginate, pageWindow, SortOrder, SystemRole, type Page, type Principal } from '@dataplat/kit';
import { isUniqueViolation } from '@dataplat/db';
import { IdentityError } from '../errors';
import { hashPassword } from '../auth/password';
import type { RoleRepository } from '../roles/role.repository';
import type { UserGuard } from './user.guards';
import type { CreateUserInput, UpdateProfileInput, UpdateUserInput, UserListArgs } from './user.inputs';
import { SORTABLE_USER_FIELDS, type UserRepository, type UserSortField } from './user.repository';
import type { User } from './user.type';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Reading, creating and editing users (profile fields). */
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly roles: RoleRepository,
    private readonly guard: UserGuard,
  ) {}

  /** The caller's own account, in the tenant the caller belongs to. */
  async me(principal: Principal): Promise<User> {
    const user = principal.homeTenantId && (await this.users.findById(principal.homeTenantId, principal.subject));
    if (!user) throw new DomainError(IdentityError.USER_NOT_FOUND);
    return user;
  }

  async get(tenantId: string, id: string): Promise<User> {
    const user = await this.users.findById(tenantId, id);
    if (!user) throw new DomainError(IdentityError.USER_NOT_FOUND);
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
    const roleIds = input.roleIds?.length ? (await this.guard.grantable(actor, tenantId, input.roleIds)).map((r) => r.id) : await this.defaultRoleIds();
    const passwordHash = await hashPassword(input.password);
    return this.unique(() =>
      this.users.create({
        tenantId,
        email: normaliseEmail(input.email),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        passwordHash,
        // An administrator vouches for the address of an account they create.
        emailVerified: true,
        roleIds,
      }),
    );
  }

  /** Administrator update: names and e-mail (unique in the tenant; still vouched for). */
  async update(actor: Principal, tenantId: string, id: string, input: UpdateUserInput): Promise<User> {
    const user = await this.guard.target(actor, tenantId, id);
    const data = {
      ...(input.email !== undefined && input.email !== null ? { email: normaliseEmail(input.email) } : {}),
      ...profileFields(input),
    };
    if (Object.keys(data).length === 0) return user;
    return this.unique(() => this.users.update(tenantId, id, data));
  }

  /** The caller's own names (not the e-mail: that stays with administrators). */
  async updateMe(principal: Principal, input: UpdateProfileInput): Promise<User> {
    const user = await this.me(principal);
    const data = profileFields(input);
    if (Object.keys(data).length === 0) return user;
    return this.users.update(user.tenantId, user.id, data);
  }

  private async defaultRoleIds(): Promise<number[]> {
    const role = await this.roles.findSystemRole(SystemRole.USER);
    return role ? [role.id] : [];
  }

  private async unique(write: () => Promise<User>): Promise<User> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(IdentityError.EMAIL_EXISTS);
      throw e;
    }
  }
}

/** The names given (absent or null: unchanged), trimmed; blank is refused. */
function profileFields(input: { firstName?: string | null; lastName?: string | null }): { firstName?: string; lastName?: string } {
  const out: { firstName?: string; lastName?: string } = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (!value.trim()) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Invalid input', [{ field, constraints: [`${field} must not be blank`] }]);
    out[field] = value.trim();
  }
  return out;
}
