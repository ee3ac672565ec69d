import type { Prisma, PrismaClient } from '@dataplat/db';
import { PERMISSIONS_CHANNEL } from '@dataplat/kit';

export interface RoleRef {
  id: number;
  name: string;
  tenantId: string | null;
}

/** A role row as the Role type resolves it (permissions and user count come from loaders). */
export type RoleRow = Prisma.RoleGetPayload<object>;

export const SORTABLE_ROLE_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export type RoleSortField = (typeof SORTABLE_ROLE_FIELDS)[number];

export interface RoleListQuery {
  tenantId: string;
  search?: string;
  skip: number;
  take: number;
  /** Absent: system roles first, then by name (as the unpaginated list). */
  sort?: RoleSortField;
  order: 'asc' | 'desc';
}

/** Roles visible to a tenant: the system roles (tenant NULL) and the tenant's own. */
const visibleIn = (tenantId: string): Prisma.RoleWhereInput => ({ OR: [{ tenantId: null }, { tenantId }] });

/** Roles visible to a tenant: the system roles and the tenant's own. */
export class RoleRepository {
  constructor(private readonly db: PrismaClient) {}

  findVisible(tenantId: string, ids: number[]): Promise<RoleRef[]> {
    return this.db.role.findMany({
      where: { id: { in: ids }, ...visibleIn(tenantId) },
      select: { id: true, name: true, tenantId: true },
    });
  }

  /** One role visible in the tenant, or null. */
  findVisibleById(tenantId: string, id: number): Promise<RoleRow | null> {
    return this.db.role.findFirst({ where: { id, ...visibleIn(tenantId) } });
  }

  /** System roles and the tenant's own, ordered by name. */
  listVisible(tenantId: string) {
    return this.db.role.findMany({ where: visibleIn(tenantId), orderBy: [{ systemRole: 'desc' }, { name: 'asc' }] });
  }

  /** One page of the visible roles and their total, in one snapshot. */
  async list(q: RoleListQuery): Promise<{ roles: RoleRow[]; total: number }> {
    const words = (q.search ?? '').trim().split(/\s+/).filter(Boolean);
    const where: Prisma.RoleWhereInput = {
      AND: [visibleIn(q.tenantId), ...words.map((w) => ({ OR: [{ name: { contains: w, mode: 'insensitive' as const } }, { description: { contains: w, mode: 'insensitive' as const } }] }))],
    };
    const orderBy: Prisma.RoleOrderByWithRelationInput[] = q.sort
      ? [{ [q.sort]: q.order }, { id: 'asc' }]
      : [{ systemRole: 'desc' }, { name: q.order }, { id: 'asc' }];
    const [total, roles] = await this.db.$transaction([
      this.db.role.count({ where }),
      this.db.role.findMany({ where, orderBy, skip: q.skip, take: q.take }),
    ]);
    return { roles, total };
  }

  /** Roles a user of the tenant holds, system roles first, then by name. */
  heldBy(tenantId: string, userId: string): Promise<RoleRow[]> {
    return this.db.role.findMany({ where: { users: { some: { tenantId, userId } } }, orderBy: [{ systemRole: 'desc' }, { name: 'asc' }] });
  }

  /** A visible role with this name, compared case-insensitively (custom names must not shadow one). */
  findVisibleByName(tenantId: string, name: string, exceptId?: number): Promise<RoleRef | null> {
    return this.db.role.findFirst({
      where: { name: { equals: name, mode: 'insensitive' }, ...visibleIn(tenantId), ...(exceptId === undefined ? {} : { id: { not: exceptId } }) },
      select: { id: true, name: true, tenantId: true },
    });
  }

  /** A custom role of the tenant with its permissions, in one transaction. Duplicate names fail with P2002. */
  create(tenantId: string, r: { name: string; description: string; permissionIds: number[] }): Promise<RoleRow> {
    return this.db.role.create({
      data: { tenantId, name: r.name, description: r.description, systemRole: false, permissions: { create: r.permissionIds.map((permissionId) => ({ permissionId })) } },
    });
  }

  update(id: number, data: { name?: string; description?: string }): Promise<RoleRow> {
    return this.db.role.update({ where: { id }, data });
  }

  /** Deletes a custom role of the tenant unless a user still holds it; false when in use. */
  async deleteUnused(tenantId: string, id: number): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      // Locks the role row, so no assignment can be added between the check and the delete.
      await tx.$queryRaw`SELECT id FROM identity.roles WHERE id = ${id} AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
      if ((await tx.userRole.count({ where: { roleId: id } })) > 0) return false;
      await tx.role.deleteMany({ where: { id, tenantId, systemRole: false } });
      return true;
    });
  }

  /**
   * Replaces, adds or removes permissions of a role in one transaction; touches updatedAt. Every
   * edge hears of it on commit (PERMISSIONS_CHANNEL) and forgets the permissions it cached.
   */
  async changePermissions(id: number, mode: 'set' | 'add' | 'remove', permissionIds: number[]): Promise<RoleRow> {
    return this.db.$transaction(async (tx) => {
      if (mode === 'set') await tx.rolePermission.deleteMany({ where: { roleId: id, permissionId: { notIn: permissionIds } } });
      if (mode === 'remove') await tx.rolePermission.deleteMany({ where: { roleId: id, permissionId: { in: permissionIds } } });
      else await tx.rolePermission.createMany({ data: permissionIds.map((permissionId) => ({ roleId: id, permissionId })), skipDuplicates: true });
      await tx.$executeRaw`SELECT pg_notify(${PERMISSIONS_CHANNEL}, '*')`;
      return tx.role.update({ where: { id }, data: { updatedAt: new Date() } });
    });
  }

  /** Permission names of the given roles together (the ceiling of what a delegated administrator may grant). */
  async permissionNamesOf(roleIds: readonly number[]): Promise<string[]> {
    const rows = await this.db.rolePermission.findMany({ where: { roleId: { in: [...roleIds] } }, select: { permission: { select: { name: true } } } });
    return [...new Set(rows.map((r) => r.permission.name))];
  }

  /** Permissions of many roles in one statement (DataLoader batch). */
  async permissionsOf(roleIds: readonly number[]) {
    const rows = await this.db.rolePermission.findMany({
      where: { roleId: { in: [...roleIds] } },
      select: { roleId: true, permission: { select: { id: true, name: true, resource: true, action: true } } },
      orderBy: { permission: { name: 'asc' } },
    });
    return roleIds.map((id) => rows.filter((r) => r.roleId === id).map((r) => r.permission));
  }

  /** Users of one tenant per role, for many roles in one statement (DataLoader batch). */
  async userCounts(tenantId: string, roleIds: readonly number[]): Promise<number[]> {
    const rows = await this.db.userRole.groupBy({ by: ['roleId'], where: { tenantId, roleId: { in: [...roleIds] } }, _count: { _all: true } });
    return roleIds.map((id) => rows.find((r) => r.roleId === id)?._count._all ?? 0);
  }

  findSystemRole(name: string): Promise<RoleRef | null> {
    return this.db.role.findFirst({ where: { tenantId: null, name }, select: { id: true, name: true, tenantId: true } });
  }
}
