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

  findSystemRole(name: string): Promise<RoleRef | null> {
    return this.db.role.findFirst({ where: { tenantId: null, name }, select: { id: true, name: true, tenantId: true } });
  }
}
