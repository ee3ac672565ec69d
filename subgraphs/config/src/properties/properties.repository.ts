import type { Prisma, PrismaClient } from '@dataplat/db';
import { CONFIG_REFRESH_CHANNEL } from '@dataplat/kit';
import type { Properties } from './names';

export type VersionRow = Prisma.ConfigPropertySetVersionGetPayload<object>;
export type RefreshRow = Prisma.ConfigRefreshGetPayload<object>;

/** The only Prisma caller for configuration properties. Every read names the tenants it may see. */
export class PropertyRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The newest revision among the tenants' sets, or null when they have none. */
  async latestRevision(tenantIds: string[]): Promise<bigint | null> {
    const r = await this.db.configPropertySetVersion.aggregate({ where: { tenantId: { in: tenantIds } }, _max: { revision: true } });
    return r._max.revision;
  }

  /** Whether the revision is one of these tenants' versions (a label names one). */
  async hasRevision(tenantIds: string[], revision: bigint): Promise<boolean> {
    return (await this.db.configPropertySetVersion.count({ where: { tenantId: { in: tenantIds }, revision } })) > 0;
  }

  /** The newest version at or before `revision` of each named set. */
  setsAt(tenantIds: string[], applications: string[], profiles: string[], revision: bigint): Promise<VersionRow[]> {
    return this.db.configPropertySetVersion.findMany({
      where: { tenantId: { in: tenantIds }, application: { in: applications }, profile: { in: profiles }, revision: { lte: revision } },
      orderBy: [{ tenantId: 'asc' }, { application: 'asc' }, { profile: 'asc' }, { revision: 'desc' }],
      distinct: ['tenantId', 'application', 'profile'],
    });
  }

  /**
   * Writes the next version of a set. Writers of one set are serialised by a transaction
   * advisory lock, so that `changedKeys` is always computed against the version before.
   */
  async writeVersion(
    tenantId: string,
    application: string,
    profile: string,
    next: (previous: Properties) => { properties: Properties; changedKeys: string[] },
    meta: { author: string; comment?: string | null },
  ): Promise<VersionRow> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`config|${tenantId}|${application}|${profile}`}, 0))`;
      const previous = await tx.configPropertySetVersion.findFirst({ where: { tenantId, application, profile }, orderBy: { revision: 'desc' } });
      const { properties, changedKeys } = next((previous?.properties ?? {}) as Properties);
      return tx.configPropertySetVersion.create({
        data: { tenantId, application, profile, properties, changedKeys, author: meta.author, comment: meta.comment ?? null },
      });
    });
  }

  async history(tenantId: string, application: string, profile: string, skip: number, take: number): Promise<{ rows: VersionRow[]; total: number }> {
    const where = { tenantId, application, profile };
    const [rows, total] = await this.db.$transaction([
      this.db.configPropertySetVersion.findMany({ where, orderBy: { revision: 'desc' }, skip, take }),
      this.db.configPropertySetVersion.count({ where }),
    ]);
    return { rows, total };
  }

  /**
   * Records a refresh of the tenant and announces it on CONFIG_REFRESH_CHANNEL in the same
   * transaction (delivered on commit). The keys are those changed, in the visible tenants'
   * sets (optionally of some applications), after the tenant's previous refresh.
   */
  async refresh(
    tenantId: string,
    visibleTenantIds: string[],
    applications: string[] | null,
    actor: string,
    payload: (r: RefreshRow) => string,
  ): Promise<RefreshRow> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`config-refresh|${tenantId}`}, 0))`;
      const last = await tx.configRefresh.findFirst({ where: { tenantId }, orderBy: { id: 'desc' } });
      const agg = await tx.configPropertySetVersion.aggregate({ where: { tenantId: { in: visibleTenantIds } }, _max: { revision: true } });
      const revision = agg._max.revision ?? 0n;
      const changed = await tx.configPropertySetVersion.findMany({
        where: {
          tenantId: { in: visibleTenantIds },
          revision: { gt: last?.revision ?? 0n, lte: revision },
          ...(applications ? { application: { in: applications } } : {}),
        },
        select: { application: true, changedKeys: true },
      });
      const keys = [...new Set(changed.flatMap((c) => c.changedKeys))].sort();
      const apps = [...new Set(changed.map((c) => c.application))].sort();
      const row = await tx.configRefresh.create({
        data: { tenantId, revision, previousRevision: last?.revision ?? null, keys, applications: apps, actor },
      });
      await tx.$executeRaw`SELECT pg_notify(${CONFIG_REFRESH_CHANNEL}, ${payload(row)})`;
      return row;
    });
  }
}
