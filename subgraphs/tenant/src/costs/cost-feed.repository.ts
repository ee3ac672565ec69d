import { Prisma, type PrismaClient } from '@dataplat/db';

export type ClusterRow = Prisma.CostClusterGetPayload<object>;
export type DailyCostRow = Prisma.ClusterDailyCostGetPayload<object>;
export type PlacementRow = Prisma.TenantClusterPlacementGetPayload<object>;

export interface ClusterData {
  name: string;
  region: string;
  shared: boolean;
  cpuWeight: Prisma.Decimal;
  memoryWeight: Prisma.Decimal;
  storageWeight: Prisma.Decimal;
  networkWeight: Prisma.Decimal;
}

export interface DailyCostData {
  totalCost: Prisma.Decimal;
  computeCost: Prisma.Decimal;
  storageCost: Prisma.Decimal;
  networkCost: Prisma.Decimal;
  otherCost: Prisma.Decimal;
  source: string;
}

/**
 * The only Prisma caller for the cost feed: clusters and weights, daily cluster costs, tenant
 * placements and network usage (tenant-scoped statements are filtered by tenant).
 */
export class CostFeedRepository {
  constructor(private readonly db: PrismaClient) {}

  upsertCluster(data: ClusterData): Promise<ClusterRow> {
    const { name, ...rest } = data;
    return this.db.costCluster.upsert({ where: { name }, create: data, update: rest });
  }

  findCluster(name: string): Promise<ClusterRow | null> {
    return this.db.costCluster.findUnique({ where: { name } });
  }

  listClusters(sharedOnly: boolean): Promise<ClusterRow[]> {
    return this.db.costCluster.findMany({ where: sharedOnly ? { shared: true } : {}, orderBy: { name: 'asc' } });
  }

  clustersByIds(ids: string[]): Promise<ClusterRow[]> {
    return this.db.costCluster.findMany({ where: { id: { in: ids } } });
  }

  upsertDailyCost(clusterId: string, date: Date, data: DailyCostData): Promise<DailyCostRow> {
    return this.db.clusterDailyCost.upsert({
      where: { clusterId_date: { clusterId, date } },
      create: { clusterId, date, currency: 'USD', ...data },
      update: { ...data, recordedAt: new Date() },
    });
  }

  findDailyCost(clusterId: string, date: Date): Promise<DailyCostRow | null> {
    return this.db.clusterDailyCost.findUnique({ where: { clusterId_date: { clusterId, date } } });
  }

  dailyCosts(start: Date, end: Date): Promise<DailyCostRow[]> {
    return this.db.clusterDailyCost.findMany({ where: { date: { gte: start, lte: end } } });
  }

  /**
   * Places a tenant on a cluster from `fromDate`, in one transaction: the open placement ends at
   * `fromDate`; a placement starting the same day is replaced. null when a later placement exists.
   */
  place(tenantId: string, clusterId: string, fromDate: Date): Promise<PlacementRow | null> {
    return this.db.$transaction(async (tx) => {
      const later = await tx.tenantClusterPlacement.findFirst({ where: { tenantId, fromDate: { gt: fromDate } } });
      if (later) return null;
      await tx.tenantClusterPlacement.updateMany({ where: { tenantId, fromDate: { lt: fromDate }, OR: [{ toDate: null }, { toDate: { gt: fromDate } }] }, data: { toDate: fromDate } });
      return tx.tenantClusterPlacement.upsert({
        where: { tenantId_fromDate: { tenantId, fromDate } },
        create: { tenantId, fromDate, clusterId },
        update: { clusterId, toDate: null },
      });
    });
  }

  /** Tenants placed on the cluster on `day`. */
  async tenantsOn(clusterId: string, day: Date): Promise<string[]> {
    const rows = await this.db.tenantClusterPlacement.findMany({
      where: { clusterId, fromDate: { lte: day }, OR: [{ toDate: null }, { toDate: { gt: day } }] },
      select: { tenantId: true }, orderBy: { tenantId: 'asc' },
    });
    return rows.map((r) => r.tenantId);
  }

  upsertNetworkUsage(tenantId: string, date: Date, source: string, gib: Prisma.Decimal): Promise<unknown> {
    return this.db.tenantNetworkUsage.upsert({
      where: { tenantId_date_source: { tenantId, date, source } },
      create: { tenantId, date, source, gib },
      update: { gib },
    });
  }
}
