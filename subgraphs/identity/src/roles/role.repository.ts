import type { PrismaClient } from '@dataplat/db';

export interface RoleRef {
  id: number;
  name: string;
  tenantId: string | null;
}

/** Roles visible to a tenant: the system roles and the tenant's own. */
export class RoleRepository {
  constructor(private readonly db: PrismaClient) {}

  findVisible(tenantId: string, ids: number[]): Promise<RoleRef[]> {
    return this.db.role.findMany({
      where: { id: { in: ids }, OR: [{ tenantId: null }, { tenantId }] },
      select: { id: true, name: true, tenantId: true },
    });
  }

  /** System roles and the tenant's own, ordered by name. */
  listVisible(tenantId: string) {
    return this.db.role.findMany({ where: { OR: [{ tenantId: null }, { tenantId }] }, orderBy: [{ systemRole: 'desc' }, { name: 'asc' }] });
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
