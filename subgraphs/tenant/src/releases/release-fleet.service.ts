import { DomainError } from '@dataplat/kit';
import { TenantError } from '../errors';
import { isOlder, isSemver, sortVersions } from './release.model';
import type { ReleaseRepository, ReleaseRow } from './release.repository';
import { invalid, type ReleaseService } from './release.service';
import type { BatchUpgradeFailure, ReleaseSummary } from './release.type';

/** The chart version a release runs: its deployed revision's, else that of its latest revision. */
export const runningVersion = (r: Pick<ReleaseRow, 'deployedChartVersion' | 'chartVersion'>) => r.deployedChartVersion ?? r.chartVersion;

const toObject = (m: Map<string, number>) => Object.fromEntries(m);

/** Platform-wide views and actions over all releases (platform administrators; docs/tenant-releases.md "Fleet"). */
export class ReleaseFleetService {
  constructor(
    private readonly repo: ReleaseRepository,
    private readonly releases: ReleaseService,
  ) {}

  async summary(): Promise<ReleaseSummary> {
    const { byStatus, byChart, byTenant } = await this.repo.counts();
    const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
    return { total, live: total - (byStatus.get('UNINSTALLED') ?? 0), byStatus: toObject(byStatus), byChart: toObject(byChart), byTenant: toObject(byTenant) };
  }

  /** Running chart version -> count of live releases, in ascending semver order. */
  async versionDistribution(chartName: string): Promise<Record<string, number>> {
    await this.chart(chartName);
    const counts = new Map<string, number>();
    for (const r of await this.repo.liveOfChart(chartName)) counts.set(runningVersion(r), (counts.get(runningVersion(r)) ?? 0) + 1);
    return Object.fromEntries(sortVersions([...counts.keys()]).map((v) => [v, counts.get(v)!]));
  }

  /** Live releases of the chart running a version older than `targetVersion` (semver), oldest version first. */
  async needsUpgrade(chartName: string, targetVersion: string): Promise<ReleaseRow[]> {
    await this.chart(chartName);
    const target = this.semver(targetVersion);
    const rows = (await this.repo.liveOfChart(chartName)).filter((r) => isOlder(runningVersion(r), target));
    const order = sortVersions([...new Set(rows.map(runningVersion))]);
    return rows.sort((a, b) => order.indexOf(runningVersion(a)) - order.indexOf(runningVersion(b)));
  }

  /**
   * Upgrades every release that needs it to `targetVersion`, one after another, each reusing its
   * deployed values. A failed (or refused) upgrade is reported and the next release goes on.
   */
  async batchUpgrade(chartName: string, targetVersion: string): Promise<{ chartName: string; targetVersion: string; upgraded: ReleaseRow[]; failed: BatchUpgradeFailure[] }> {
    const versions = await this.chart(chartName);
    const target = this.semver(targetVersion);
    if (!versions.includes(target)) throw new DomainError(TenantError.CHART_VERSION_UNKNOWN, `Chart ${chartName} has no version ${target} in the catalogue`, { chartName, chartVersion: target });
    const upgraded: ReleaseRow[] = [];
    const failed: BatchUpgradeFailure[] = [];
    for (const release of await this.needsUpgrade(chartName, target)) {
      const fromVersion = runningVersion(release);
      const fail = (status: string, message: string) => failed.push({ releaseId: release.id, tenantId: release.tenantId, releaseName: release.releaseName, fromVersion, status, message });
      try {
        const row = await this.releases.upgradeRow(release, { chartVersion: target, description: `Batch upgrade to ${chartName} ${target}` });
        if (row.status === 'DEPLOYED') upgraded.push(row);
        else fail(row.status, row.statusMessage ?? 'upgrade failed');
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        fail(release.status, e.message);
      }
    }
    return { chartName, targetVersion: target, upgraded, failed };
  }

  /** The catalogue versions of a chart; 404 DPF-TEN-084 for an unknown chart. */
  private async chart(chartName: string): Promise<string[]> {
    const versions = (await this.repo.chartVersions(chartName)).map((c) => c.version);
    if (!versions.length) throw new DomainError(TenantError.CHART_NOT_FOUND, `Chart ${chartName} is not in the catalogue`, { chartName });
    return versions;
  }

  private semver(version: string): string {
    const v = version.trim();
    if (!isSemver(v)) throw invalid('targetVersion', 'targetVersion must be a semantic version such as 1.10.0');
    return v;
  }
}
