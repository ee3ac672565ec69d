import { Prisma, type PrismaClient } from '@dataplat/db';

export type AttributionRow = Prisma.TenantCostAttributionGetPayload<object>;
export type RunRow = Prisma.CostAttributionRunGetPayload<object>;
export type UsageCostRow = Prisma.TenantResourceUsageGetPayload<object>;

export interface GaugeBaseRow { tenantId: string; resourceType: string; source: string; level: number }
export interface GaugeChangeRow { tenantId: string; resourceType: string; source: string; amount: number; at: Date }
export interface NetworkRow { tenantId: string; source: string; gib: Prisma.Decimal }
export interface TenantNameRow { id: string; name: string; plan: string }

export interface AttributionResult {
  run: Omit<RunRow, 'attributedAt'>;
  attributions: AttributionRow[];
  usage: UsageCostRow[];
}

const GAUGES = Prisma.sql`('CPU', 'MEMORY', 'STORAGE')`;

/** The only Prisma caller for attribution: usage derivation, results (replaced per cluster and day) and reads. */
export class AttributionRepository {
  constructor(private readonly db: PrismaClient) {}

  /** Level of each gauge per tenant and source at `at`: the sum of accepted amounts recorded before. */
  gaugeLevels(tenantIds: string[], at: Date): Promise<GaugeBaseRow[]> {
    if (!tenantIds.length) return Promise.resolve([]);
    return this.db.$queryRaw<GaugeBaseRow[]>`
      SELECT r.tenant_id::text AS "tenantId", r.resource_type AS "resourceType", r.source, SUM(r.amount)::float8 AS level
        FROM tenant.quota_usage_records r
       WHERE r.tenant_id = ANY(${tenantIds}::uuid[]) AND r.accepted AND r.resource_type IN ${GAUGES} AND r.recorded_at < ${at}
       GROUP BY 1, 2, 3`;
  }

  /** Accepted gauge records in [from, to), in time order. */
  gaugeChanges(tenantIds: string[], from: Date, to: Date): Promise<GaugeChangeRow[]> {
    if (!tenantIds.length) return Promise.resolve([]);
    return this.db.$queryRaw<GaugeChangeRow[]>`
      SELECT r.tenant_id::text AS "tenantId", r.resource_type AS "resourceType", r.source, r.amount::float8 AS amount, r.recorded_at AS at
        FROM tenant.quota_usage_records r
       WHERE r.tenant_id = ANY(${tenantIds}::uuid[]) AND r.accepted AND r.resource_type IN ${GAUGES}
         AND r.recorded_at >= ${from} AND r.recorded_at < ${to}
       ORDER BY r.recorded_at, r.id`;
  }

  networkUsage(tenantIds: string[], day: Date): Promise<NetworkRow[]> {
    return this.db.tenantNetworkUsage.findMany({ where: { tenantId: { in: tenantIds }, date: day }, select: { tenantId: true, source: true, gib: true } });
  }

  /**
   * Replaces the attribution of (cluster, day) in one transaction (idempotent re-runs), serialised
   * per (cluster, day) by an advisory lock so that concurrent runs cannot collide: the last one wins.
   */
  replace(result: AttributionResult): Promise<RunRow> {
    const { clusterId, date } = result.run;
    const key = `cost-attribution:${clusterId}:${date.toISOString().slice(0, 10)}`;
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
      await tx.tenantCostAttribution.deleteMany({ where: { clusterId, date } });
      await tx.tenantResourceUsage.deleteMany({ where: { clusterId, date } });
      await tx.costAttributionRun.deleteMany({ where: { clusterId, date } });
      if (result.attributions.length) await tx.tenantCostAttribution.createMany({ data: result.attributions });
      if (result.usage.length) await tx.tenantResourceUsage.createMany({ data: result.usage });
      return tx.costAttributionRun.create({ data: result.run });
    });
  }

  findRun(clusterId: string, date: Date): Promise<RunRow | null> {
    return this.db.costAttributionRun.findUnique({ where: { clusterId_date: { clusterId, date } } });
  }

  runs(start: Date, end: Date): Promise<RunRow[]> {
    return this.db.costAttributionRun.findMany({ where: { date: { gte: start, lte: end } } });
  }

  ofCluster(clusterId: string, date: Date): Promise<AttributionRow[]> {
    return this.db.tenantCostAttribution.findMany({ where: { clusterId, date }, orderBy: [{ cost: 'desc' }, { tenantId: 'asc' }] });
  }

  /** One tenant's attributions in [start, end]. */
  ofTenant(tenantId: string, start: Date, end: Date): Promise<AttributionRow[]> {
    return this.db.tenantCostAttribution.findMany({ where: { tenantId, date: { gte: start, lte: end } }, orderBy: { date: 'asc' } });
  }

  /** Every tenant's attributions in [start, end] (platform views). */
  inPeriod(start: Date, end: Date): Promise<AttributionRow[]> {
    return this.db.tenantCostAttribution.findMany({ where: { date: { gte: start, lte: end } } });
  }

  /** One tenant's usage rows in [start, end]. */
  usageOfTenant(tenantId: string, start: Date, end: Date): Promise<UsageCostRow[]> {
    return this.db.tenantResourceUsage.findMany({ where: { tenantId, date: { gte: start, lte: end } } });
  }

  /** Every usage row in [start, end] (cost per source service). */
  usageInPeriod(start: Date, end: Date): Promise<UsageCostRow[]> {
    return this.db.tenantResourceUsage.findMany({ where: { date: { gte: start, lte: end } } });
  }

  /** Names and plans of tenants (platform views). */
  tenantNames(ids: string[]): Promise<TenantNameRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.tenant.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, plan: true } });
  }
}
