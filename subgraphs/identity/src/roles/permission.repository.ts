import type { PrismaClient } from '@dataplat/db';

export interface PermissionRow {
  id: number;
  name: string;
  resource: string;
  action: string;
}

const FIELDS = { id: true, name: true, resource: true, action: true } as const;

/** The permission catalogue (platform-wide: permissions are not tenant-scoped). */
export class PermissionRepository {
  constructor(private readonly db: PrismaClient) {}

  all(): Promise<PermissionRow[]> {
    return this.db.permission.findMany({ select: FIELDS, orderBy: { name: 'asc' } });
  }

  /** Names of the permissions with these ids. */
  async namesOf(ids: number[]): Promise<string[]> {
    const rows = await this.db.permission.findMany({ where: { id: { in: ids } }, select: { name: true } });
    return rows.map((r) => r.name);
  }

  /** Ids among `ids` that name a permission. */
  async existing(ids: number[]): Promise<number[]> {
    const rows = await this.db.permission.findMany({ where: { id: { in: ids } }, select: { id: true } });
    return rows.map((r) => r.id);
  }
}
