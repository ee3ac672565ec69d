import { isUuid } from '@dataplat/kit';
import type { Prisma, PrismaClient } from '@dataplat/db';
import type { User } from './user.type';

export const WITH_ROLES = { roles: { select: { role: { select: { name: true } } } } } as const;
export type UserRow = Prisma.UserGetPayload<{ include: typeof WITH_ROLES }>;

export const SORTABLE_USER_FIELDS = ['email', 'firstName', 'lastName', 'createdAt', 'lastLoginAt'] as const;
export type UserSortField = (typeof SORTABLE_USER_FIELDS)[number];

export interface UserListQuery {
  tenantId: string;
  search?: string;
  skip: number;
  take: number;
  sort: UserSortField;
  order: 'asc' | 'desc';
}

export interface NewUser {
  tenantId: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  emailVerified: boolean;
  roleIds: number[];
}

/**
 * The only place identity touches the users table. Every query is filtered by tenant, and
 * none finds a user deleted through SCIM (`deleted_at` set; docs/identity-scim.md): such a
 * row is kept for audit only.
 */
export class UserRepository {
  constructor(private readonly db: PrismaClient) {}

  /**
   * The hottest read (`me`, user lookups): one SQL statement with the role names aggregated.
   * Prisma's query compiler costs more CPU per call than the query itself (see
   * docs/performance.md), and a raw statement skips it.
   */
  async findById(tenantId: string, id: string): Promise<User | null> {
    if (!isUuid(id)) return null;
    const rows = await this.db.$queryRaw<RawUser[]>`
      SELECT u.id, u.tenant_id, u.email, u.first_name, u.last_name, u.enabled, u.email_verified,
             u.must_change_password, u.locked_until, u.last_login_at, u.created_at, u.updated_at,
             COALESCE(array_agg(r.name ORDER BY r.name) FILTER (WHERE r.name IS NOT NULL), '{}') AS roles
        FROM identity.users u
        LEFT JOIN identity.user_roles ur ON ur.tenant_id = u.tenant_id AND ur.user_id = u.id
        LEFT JOIN identity.roles r ON r.id = ur.role_id
       WHERE u.tenant_id = ${tenantId}::uuid AND u.id = ${id}::uuid AND u.deleted_at IS NULL
       GROUP BY u.tenant_id, u.id`;
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      roles: row.roles,
      enabled: row.enabled,
      emailVerified: row.email_verified,
      mustChangePassword: row.must_change_password,
      locked: !!row.locked_until && row.locked_until > new Date(),
      lastLoginAt: row.last_login_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async findManyByIds(tenantId: string, ids: string[]): Promise<User[]> {
    const rows = await this.db.user.findMany({ where: { tenantId, id: { in: ids.filter(isUuid) }, deletedAt: null }, include: WITH_ROLES });
    return rows.map(toUser);
  }

  /** Users with this e-mail in any tenant (login without a tenant), at most `limit`. */
  findCredentialsByEmail(email: string, limit: number) {
    return this.db.user.findMany({ where: { email, deletedAt: null }, take: limit, include: WITH_ROLES });
  }

  /** Ids and tenants of the accounts with this e-mail (no credentials). */
  locateByEmail(email: string, limit: number): Promise<Array<{ id: string; tenantId: string }>> {
    return this.db.user.findMany({ where: { email, deletedAt: null }, take: limit, select: { id: true, tenantId: true }, orderBy: { createdAt: 'asc' } });
  }

  findCredentials(tenantId: string, id: string) {
    return this.db.user.findUnique({ where: { tenantId_id: { tenantId, id }, deletedAt: null }, include: WITH_ROLES });
  }

  async list(q: UserListQuery): Promise<{ users: User[]; total: number }> {
    const where = searchFilter(q.tenantId, q.search);
    // Two statements whatever the page size: count, and the page with its roles joined.
    const [total, rows] = await this.db.$transaction([
      this.db.user.count({ where }),
      this.db.user.findMany({
        where,
        include: WITH_ROLES,
        orderBy: [{ [q.sort]: q.order }, { id: 'asc' }],
        skip: q.skip,
        take: q.take,
      }),
    ]);
    return { users: rows.map(toUser), total };
  }

  async create(u: NewUser): Promise<User> {
    const row = await this.db.user.create({
      data: {
        tenantId: u.tenantId,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        passwordHash: u.passwordHash,
        emailVerified: u.emailVerified,
        roles: { create: u.roleIds.map((roleId) => ({ roleId })) },
      },
      include: WITH_ROLES,
    });
    return toUser(row);
  }

  /** Changes profile fields of one user; an e-mail already used in the tenant fails with P2002. */
  async update(tenantId: string, id: string, data: { email?: string; firstName?: string; lastName?: string }): Promise<User> {
    const row = await this.db.user.update({ where: { tenantId_id: { tenantId, id } }, data, include: WITH_ROLES });
    return toUser(row);
  }

  recordFailedLogin(tenantId: string, id: string, maxFailures: number, lockSeconds: number) {
    // One statement, so concurrent failures cannot skip the threshold.
    // An expired lock starts a fresh count instead of re-locking on the next mistake.
    return this.db.$executeRaw`
      UPDATE identity.users u
         SET failed_login_count = n.count,
             locked_until = CASE WHEN n.count >= ${maxFailures} THEN now() + make_interval(secs => ${lockSeconds}) END,
             updated_at = now()
        FROM (SELECT tenant_id, id,
                     CASE WHEN locked_until IS NOT NULL AND locked_until <= now() THEN 1 ELSE failed_login_count + 1 END AS count
                FROM identity.users
               WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid
                 FOR UPDATE) n
       WHERE u.tenant_id = n.tenant_id AND u.id = n.id`;
  }

  recordSuccessfulLogin(tenantId: string, id: string, newPasswordHash?: string) {
    return this.db.user.update({
      where: { tenantId_id: { tenantId, id } },
      data: { failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date(), ...(newPasswordHash ? { passwordHash: newPasswordHash } : {}) },
      select: { id: true },
    });
  }

  countWithRole(roleName: string): Promise<number> {
    return this.db.user.count({ where: { roles: { some: { role: { name: roleName, tenantId: null } } } } });
  }
}


interface RawUser {
  id: string;
  tenant_id: string;
  email: string;
  first_name: string;
  last_name: string;
  enabled: boolean;
  email_verified: boolean;
  must_change_password: boolean;
  locked_until: Date | null;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
  roles: string[];
}

export { isUuid };

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    tenantId: row.tenantId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roles.map((r) => r.role.name).sort(),
    enabled: row.enabled,
    emailVerified: row.emailVerified,
    mustChangePassword: row.mustChangePassword,
    locked: !!row.lockedUntil && row.lockedUntil > new Date(),
    lastLoginAt: row.lastLoginAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function searchFilter(tenantId: string, search?: string): Prisma.UserWhereInput {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { tenantId, deletedAt: null };
  return {
    tenantId,
    deletedAt: null,
    AND: words.map((w) => ({
      OR: [
        { email: { contains: w, mode: 'insensitive' as const } },
        { firstName: { contains: w, mode: 'insensitive' as const } },
        { lastName: { contains: w, mode: 'insensitive' as const } },
      ],
    })),
  };
}
