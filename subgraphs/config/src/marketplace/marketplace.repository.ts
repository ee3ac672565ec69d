import type { Prisma, PrismaClient } from '@dataplat/db';

export type MarketplaceRow = Prisma.MarketplaceItemGetPayload<object>;
export type MarketplaceKind = 'TEMPLATE' | 'CONNECTOR' | 'EXTENSION';

/** The only Prisma caller for the marketplace catalogue (platform-wide, not tenant-scoped). */
export class MarketplaceRepository {
  constructor(private readonly db: PrismaClient) {}

  async list(kind: MarketplaceKind, filter: { category?: string; search?: string }, skip: number, take: number): Promise<{ rows: MarketplaceRow[]; total: number }> {
    const where: Prisma.MarketplaceItemWhereInput = {
      kind,
      ...(filter.category ? { category: filter.category } : {}),
      ...(filter.search
        ? { OR: [{ name: { contains: filter.search, mode: 'insensitive' } }, { description: { contains: filter.search, mode: 'insensitive' } }] }
        : {}),
    };
    const [rows, total] = await this.db.$transaction([
      this.db.marketplaceItem.findMany({ where, orderBy: [{ name: 'asc' }, { slug: 'asc' }], skip, take }),
      this.db.marketplaceItem.count({ where }),
    ]);
    return { rows, total };
  }
}
