import { Prisma, type PrismaClient } from '@dataplat/db';
import type { Values } from './deep-merge';
import { PENDING, PENDING_OF, type ReleaseAction, type ReleaseStatus } from './release.model';

export type ChartRow = Prisma.ChartVersionGetPayload<object>;
export type ReleaseRow = Prisma.ChartReleaseGetPayload<object>;
export type RevisionRow = Prisma.ChartReleaseRevisionGetPayload<object>;

/** The content of a new revision. */
export interface RevisionSpec {
  chart: ChartRow;
  valuesOverride: Values;
  values: Values;
  description: string;
  rollbackTo?: number;
}

export interface NewRelease {
  tenantId: string;
  releaseName: string;
  namespace: string;
  timeout: number;
  atomic: boolean;
  waitForJobs: boolean;
}

export type Outcome = { ok: true; manifestHash: string } | { ok: false; message: string };

const json = (v: Values) => v as Prisma.InputJsonObject;

/** Release fields that follow the latest revision. */
const latest = (r: RevisionSpec) => ({ chartName: r.chart.chartName, chartVersion: r.chart.version, appVersion: r.chart.appVersion, description: r.description, statusMessage: null });

/**
 * The only Prisma caller for charts, releases and revisions. Release statements are filtered by
 * tenant, except for platform administrators' reads (tenantId null) and the platform-wide views.
 */
export class ReleaseRepository {
  constructor(private readonly db: PrismaClient) {}

  chart(chartName: string, version: string): Promise<ChartRow | null> {
    return this.db.chartVersion.findUnique({ where: { chartName_version: { chartName, version } } });
  }

  chartVersions(chartName: string): Promise<ChartRow[]> {
    return this.db.chartVersion.findMany({ where: { chartName } });
  }

  find(id: string, tenantId: string | null): Promise<ReleaseRow | null> {
    return this.db.chartRelease.findFirst({ where: tenantId ? { id, tenantId } : { id } });
  }

  listByTenant(tenantId: string, status?: string): Promise<ReleaseRow[]> {
    return this.db.chartRelease.findMany({ where: { tenantId, ...(status ? { status } : {}) }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
  }

  /** Releases of a chart in every tenant, uninstalled ones excluded, oldest first. */
  liveOfChart(chartName: string): Promise<ReleaseRow[]> {
    return this.db.chartRelease.findMany({ where: { chartName, status: { not: 'UNINSTALLED' } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /**
   * Creates the release and its revision 1, both PENDING_INSTALL. A live release of the same
   * name in the namespace fails with a unique violation (partial index chart_releases_live_name_key).
   */
  install(release: NewRelease, rev: RevisionSpec): Promise<ReleaseRow> {
    return this.db.$transaction(async (tx) => {
      const row = await tx.chartRelease.create({ data: { ...release, ...latest(rev), status: 'PENDING_INSTALL', revision: 1 } });
      await tx.chartReleaseRevision.create({ data: this.revisionData(row, 1, 'INSTALL', rev) });
      return row;
    });
  }

  /**
   * Starts an upgrade or rollback: only when the release is in one of `from` (checked and
   * changed in one UPDATE, so two concurrent actions cannot both start), moves it to the pending
   * status with the next revision number and writes that revision. Null when refused.
   */
  begin(release: ReleaseRow, from: readonly ReleaseStatus[], action: ReleaseAction, rev: RevisionSpec, staleBefore?: Date): Promise<ReleaseRow | null> {
    return this.db.$transaction(async (tx) => {
      const where = this.startable(release, from, staleBefore);
      const { count } = await tx.chartRelease.updateMany({ where, data: { ...latest(rev), status: PENDING_OF[action], revision: { increment: 1 } } });
      if (!count) return null;
      await this.failStale(tx, release);
      const row = await tx.chartRelease.findUniqueOrThrow({ where: { id: release.id } });
      await tx.chartReleaseRevision.create({ data: this.revisionData(row, row.revision, action, rev) });
      return row;
    });
  }

  /**
   * Records the deployer's outcome of the pending revision; on success it becomes the one DEPLOYED
   * revision. Nothing changes when the action was taken over meanwhile (stale pending, see begin).
   */
  finish(release: ReleaseRow, outcome: Outcome): Promise<ReleaseRow> {
    const key = { tenantId: release.tenantId, releaseId: release.id };
    const revision = { tenantId_releaseId_revision: { ...key, revision: release.revision } };
    return this.db.$transaction(async (tx) => {
      const data = outcome.ok
        ? { status: 'DEPLOYED', deployedRevision: release.revision, deployedChartVersion: release.chartVersion, statusMessage: null }
        : { status: 'FAILED', statusMessage: outcome.message };
      const { count } = await tx.chartRelease.updateMany({ where: { id: release.id, tenantId: release.tenantId, revision: release.revision, status: release.status }, data });
      if (count && outcome.ok) {
        await tx.chartReleaseRevision.updateMany({ where: { ...key, status: 'DEPLOYED' }, data: { status: 'SUPERSEDED' } });
        await tx.chartReleaseRevision.update({ where: revision, data: { status: 'DEPLOYED', manifestHash: outcome.manifestHash, deployedAt: new Date(), statusMessage: null } });
      } else if (count && !outcome.ok) {
        await tx.chartReleaseRevision.update({ where: revision, data: { status: 'FAILED', statusMessage: outcome.message } });
      }
      return tx.chartRelease.findUniqueOrThrow({ where: { id: release.id } });
    });
  }

  /** Removes a release whose atomic install failed (Helm --atomic purges it). */
  async purge(release: ReleaseRow): Promise<void> {
    await this.db.chartRelease.deleteMany({ where: { id: release.id, tenantId: release.tenantId } });
  }

  /** Uninstalls (history kept): only from one of `from`; null when refused. */
  uninstall(release: ReleaseRow, from: readonly ReleaseStatus[], staleBefore?: Date): Promise<ReleaseRow | null> {
    return this.db.$transaction(async (tx) => {
      const where = this.startable(release, from, staleBefore);
      const { count } = await tx.chartRelease.updateMany({ where, data: { status: 'UNINSTALLED', uninstalledAt: new Date(), deployedRevision: null, deployedChartVersion: null } });
      if (!count) return null;
      await this.failStale(tx, release);
      await tx.chartReleaseRevision.updateMany({ where: { tenantId: release.tenantId, releaseId: release.id, status: 'DEPLOYED' }, data: { status: 'UNINSTALLED' } });
      return tx.chartRelease.findUniqueOrThrow({ where: { id: release.id } });
    });
  }

  history(release: ReleaseRow): Promise<RevisionRow[]> {
    return this.db.chartReleaseRevision.findMany({ where: { tenantId: release.tenantId, releaseId: release.id }, orderBy: { revision: 'asc' } });
  }

  revision(release: ReleaseRow, revision: number): Promise<RevisionRow | null> {
    return this.db.chartReleaseRevision.findUnique({ where: { tenantId_releaseId_revision: { tenantId: release.tenantId, releaseId: release.id, revision } } });
  }

  /** The latest DEPLOYED or SUPERSEDED revision before `before`. */
  lastSuccessful(release: ReleaseRow, before: number): Promise<RevisionRow | null> {
    return this.db.chartReleaseRevision.findFirst({
      where: { tenantId: release.tenantId, releaseId: release.id, revision: { lt: before }, status: { in: ['DEPLOYED', 'SUPERSEDED'] } },
      orderBy: { revision: 'desc' },
    });
  }

  /** Release counts grouped by status, by chart and by tenant (uninstalled excluded from the last two). */
  async counts(): Promise<{ byStatus: Map<string, number>; byChart: Map<string, number>; byTenant: Map<string, number> }> {
    const live = { status: { not: 'UNINSTALLED' } };
    const [status, chart, tenant] = await Promise.all([
      this.db.chartRelease.groupBy({ by: ['status'], _count: { _all: true }, orderBy: { status: 'asc' } }),
      this.db.chartRelease.groupBy({ by: ['chartName'], where: live, _count: { _all: true }, orderBy: { chartName: 'asc' } }),
      this.db.chartRelease.groupBy({ by: ['tenantId'], where: live, _count: { _all: true }, orderBy: { tenantId: 'asc' } }),
    ]);
    return {
      byStatus: new Map(status.map((g) => [g.status, g._count._all])),
      byChart: new Map(chart.map((g) => [g.chartName, g._count._all])),
      byTenant: new Map(tenant.map((g) => [g.tenantId, g._count._all])),
    };
  }

  /** The release in one of `from`, or (with `staleBefore`) pending since before that instant. */
  private startable(release: ReleaseRow, from: readonly ReleaseStatus[], staleBefore?: Date): Prisma.ChartReleaseWhereInput {
    const stale = staleBefore ? [{ status: { in: [...PENDING] }, updatedAt: { lt: staleBefore } }] : [];
    return { id: release.id, tenantId: release.tenantId, OR: [{ status: { in: [...from] } }, ...stale] };
  }

  /** Once an action has taken the release over, any revision still pending belonged to a process that died. */
  private async failStale(tx: Prisma.TransactionClient, release: ReleaseRow): Promise<void> {
    await tx.chartReleaseRevision.updateMany({
      where: { tenantId: release.tenantId, releaseId: release.id, status: { in: [...PENDING] } },
      data: { status: 'FAILED', statusMessage: 'Timed out: the action did not finish within the release timeout' },
    });
  }

  private revisionData(row: ReleaseRow, revision: number, action: ReleaseAction, rev: RevisionSpec): Prisma.ChartReleaseRevisionUncheckedCreateInput {
    return {
      tenantId: row.tenantId, releaseId: row.id, revision, action, status: PENDING_OF[action],
      chartName: rev.chart.chartName, chartVersion: rev.chart.version, appVersion: rev.chart.appVersion,
      valuesOverride: json(rev.valuesOverride), values: json(rev.values), description: rev.description, rollbackTo: rev.rollbackTo ?? null,
    };
  }
}
