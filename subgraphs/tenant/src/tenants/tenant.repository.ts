import type { Prisma, PrismaClient } from '@dataplat/db';

export type TenantRow = Prisma.TenantGetPayload<object>;
export type StatusChangeRow = Prisma.TenantStatusChangeGetPayload<object>;

/** The only Prisma caller for tenants. A tenant row is its own tenant scope (id = tenant id). */
export class TenantRepository {
  constructor(private readonly db: PrismaClient) {}

  find(id: string): Promise<TenantRow | null> {
    return this.db.tenant.findUnique({ where: { id } });
  }

  findManyByIds(ids: string[]): Promise<TenantRow[]> {
    return this.db.tenant.findMany({ where: { id: { in: ids } } });
  }

  findBySlug(slug: string): Promise<TenantRow | null> {
    return this.db.tenant.findUnique({ where: { slug } });
  }

  async list(where: Prisma.TenantWhereInput, skip: number, take: number): Promise<{ rows: TenantRow[]; total: number }> {
    const [rows, total] = await this.db.$transaction([
      this.db.tenant.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip, take }),
      this.db.tenant.count({ where }),
    ]);
    return { rows, total };
  }
}
