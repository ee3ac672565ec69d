import { isUniqueViolation } from '@dataplat/db';
import { DomainError, isPlatformAdmin, isUuid, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import type { TenantRepository } from '../tenants/tenant.repository';
import { scopedTenant } from '../quotas/tenant-scope';
import { deepMerge, isPlainObject, jsonDepth, type Values } from './deep-merge';
import type { Deployer } from './deployer';
import type { InstallReleaseInput, UpgradeReleaseInput } from './release.inputs';
import { ALLOWED_FROM, DEFAULT_TIMEOUT_SECONDS, isNamespace, isReleaseName, MAX_TIMEOUT_SECONDS, MAX_VALUES_BYTES, MAX_VALUES_DEPTH, PENDING, RELEASE_NAME_MAX, RELEASE_STATUSES, type ReleaseAction, type ReleaseStatus } from './release.model';
import type { ChartRow, ReleaseRepository, ReleaseRow, RevisionRow, RevisionSpec } from './release.repository';
import type { ValuesSchema } from './values-schema';

export const invalid = (field: string, message: string) => new DomainError(TenantError.RELEASE_INVALID, message, { field });
const refused = (release: ReleaseRow, action: string) =>
  new DomainError(TenantError.RELEASE_ILLEGAL_TRANSITION, `A ${release.status} release cannot ${action}`, { status: release.status, action });

/** A pending action that started before this instant has outlived the release timeout: its process died. */
const staleBefore = (release: ReleaseRow) => new Date(Date.now() - release.timeout * 1000);

/** Tenants whose releases can no longer change. */
const CLOSED_TENANT = ['DEPROVISIONING', 'DEPROVISIONED'];

/**
 * Install, upgrade, rollback and uninstall of one release (docs/tenant-releases.md). Every
 * change writes a revision in a pending status, runs the deployer, then records its outcome.
 */
export class ReleaseService {
  constructor(
    private readonly repo: ReleaseRepository,
    private readonly tenants: TenantRepository,
    private readonly deployer: Deployer,
  ) {}

  async install(caller: Principal, input: InstallReleaseInput): Promise<ReleaseRow> {
    const tenant = await scopedTenant(this.tenants, caller, input.tenantId);
    if (CLOSED_TENANT.includes(tenant.status)) throw new DomainError(TenantError.RELEASE_ILLEGAL_TRANSITION, `The tenant is ${tenant.status}`, { tenantStatus: tenant.status, action: 'install' });
    const releaseName = input.releaseName.trim();
    const namespace = input.namespace.trim();
    if (!isReleaseName(releaseName)) throw invalid('releaseName', `releaseName must be a DNS-1123 label (lower-case letters, digits, '-') of at most ${RELEASE_NAME_MAX} characters`);
    if (!isNamespace(namespace)) throw invalid('namespace', 'namespace must be a DNS-1123 label of at most 63 characters');
    const timeout = input.timeout ?? DEFAULT_TIMEOUT_SECONDS;
    if (!Number.isInteger(timeout) || timeout < 1 || timeout > MAX_TIMEOUT_SECONDS) throw invalid('timeout', `timeout must be 1..${MAX_TIMEOUT_SECONDS} seconds`);
    const chart = await this.chartVersion(input.chartName.trim(), input.chartVersion.trim(), input.appVersion);
    const spec = this.spec(chart, input.valuesOverride ?? {}, input.description ?? '');
    const atomic = input.atomic ?? false;
    let pending: ReleaseRow;
    try {
      pending = await this.repo.install({ tenantId: tenant.id, releaseName, namespace, timeout, atomic, waitForJobs: input.waitForJobs ?? false }, spec);
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(TenantError.RELEASE_NAME_IN_USE, `Release ${releaseName} is already installed in namespace ${namespace}`, { releaseName, namespace });
      throw e;
    }
    const outcome = await this.deploy(pending, chart, spec.values);
    if (!outcome.ok && atomic) {
      await this.repo.purge(pending);
      throw new DomainError(TenantError.RELEASE_VALUES_INVALID, `Atomic install failed and was removed: ${outcome.message}`, { errors: outcome.errors });
    }
    return this.repo.finish(pending, outcome);
  }

  /** The caller's release: platform administrators see any, everyone else only their tenant's (404 otherwise). */
  async get(caller: Principal, releaseId: string): Promise<ReleaseRow> {
    const id = releaseId.toLowerCase();
    const admin = isPlatformAdmin(caller);
    const row = isUuid(id) && (admin || caller.tenantId) ? await this.repo.find(id, admin ? null : caller.tenantId) : null;
    if (!row) throw new DomainError(TenantError.RELEASE_NOT_FOUND, undefined, { releaseId });
    return row;
  }

  async listByTenant(caller: Principal, tenantId: string, status?: string): Promise<ReleaseRow[]> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const wanted = status?.trim().toUpperCase() || undefined;
    if (wanted && !(RELEASE_STATUSES as readonly string[]).includes(wanted)) throw invalid('status', `status must be one of ${RELEASE_STATUSES.join(', ')}`);
    return this.repo.listByTenant(tenant.id, wanted);
  }

  async history(caller: Principal, releaseId: string): Promise<RevisionRow[]> {
    return this.repo.history(await this.get(caller, releaseId));
  }

  async upgrade(caller: Principal, releaseId: string, input: UpgradeReleaseInput): Promise<ReleaseRow> {
    return this.upgradeRow(await this.get(caller, releaseId), input);
  }

  /** Upgrade of a release already in scope (also used by the batch upgrade). */
  async upgradeRow(release: ReleaseRow, input: UpgradeReleaseInput): Promise<ReleaseRow> {
    if (!ALLOWED_FROM.upgrade.includes(release.status as never)) throw refused(release, 'upgrade');
    const chart = await this.chartVersion(release.chartName, (input.chartVersion ?? release.chartVersion).trim(), input.appVersion);
    const override = input.valuesOverride ?? (await this.reusedOverride(release));
    return this.act(release, 'UPGRADE', chart, this.spec(chart, override, input.description ?? `Upgrade to ${chart.chartName} ${chart.version}`));
  }

  async rollback(caller: Principal, releaseId: string, targetRevision: number): Promise<ReleaseRow> {
    if (!Number.isInteger(targetRevision) || targetRevision < 1) throw invalid('targetRevision', 'targetRevision must be a revision number (1 or more)');
    const release = await this.get(caller, releaseId);
    if (!this.canStart(release, 'rollback')) throw refused(release, 'roll back');
    const target = await this.repo.revision(release, targetRevision);
    if (!target) throw new DomainError(TenantError.RELEASE_REVISION_NOT_FOUND, `Release ${release.releaseName} has no revision ${targetRevision}`, { targetRevision });
    return this.rollbackTo(release, target);
  }

  async rollbackToLastSuccessful(caller: Principal, releaseId: string): Promise<ReleaseRow> {
    const release = await this.get(caller, releaseId);
    if (!this.canStart(release, 'rollback')) throw refused(release, 'roll back');
    const target = await this.repo.lastSuccessful(release, release.revision);
    if (!target) throw new DomainError(TenantError.RELEASE_NO_SUCCESSFUL_REVISION, undefined, { revision: release.revision });
    return this.rollbackTo(release, target);
  }

  async uninstall(caller: Principal, releaseId: string): Promise<ReleaseRow> {
    const release = await this.get(caller, releaseId);
    if (!this.canStart(release, 'uninstall')) throw refused(release, 'uninstall');
    const row = await this.repo.uninstall(release, ALLOWED_FROM.uninstall, staleBefore(release));
    if (!row) throw refused((await this.repo.find(release.id, release.tenantId)) ?? release, 'uninstall');
    return row;
  }

  /**
   * Whether a rollback or uninstall may start: from the statuses of the state machine, or (as
   * Helm's way out of "another operation is in progress") from a stale pending status.
   */
  private canStart(release: ReleaseRow, action: 'rollback' | 'uninstall'): boolean {
    const status = release.status as ReleaseStatus;
    return ALLOWED_FROM[action].includes(status) || (PENDING.includes(status) && release.updatedAt < staleBefore(release));
  }

  /** Helm's rollback: a new revision with the target's chart version and values. */
  private async rollbackTo(release: ReleaseRow, target: RevisionRow): Promise<ReleaseRow> {
    const chart = await this.chartVersion(target.chartName, target.chartVersion);
    const spec: RevisionSpec = {
      chart, valuesOverride: target.valuesOverride as Values, values: target.values as Values, description: `Rollback to ${target.revision}`, rollbackTo: target.revision,
    };
    return this.act(release, 'ROLLBACK', chart, spec);
  }

  /** Starts the action (409 when another change got there first), deploys, records the outcome. */
  private async act(release: ReleaseRow, action: ReleaseAction, chart: ChartRow, spec: RevisionSpec): Promise<ReleaseRow> {
    const from = ALLOWED_FROM[action === 'UPGRADE' ? 'upgrade' : 'rollback'];
    const pending = await this.repo.begin(release, from, action, spec, action === 'ROLLBACK' ? staleBefore(release) : undefined);
    if (!pending) throw refused((await this.repo.find(release.id, release.tenantId)) ?? release, action.toLowerCase());
    return this.repo.finish(pending, await this.deploy(pending, chart, spec.values));
  }

  private deploy(release: ReleaseRow, chart: ChartRow, values: Values) {
    return this.deployer.deploy({
      tenantId: release.tenantId, releaseName: release.releaseName, namespace: release.namespace, revision: release.revision, values, timeoutSeconds: release.timeout,
      chart: { chartName: chart.chartName, version: chart.version, appVersion: chart.appVersion, valuesSchema: chart.valuesSchema as ValuesSchema },
    });
  }

  /** As Helm: an upgrade without values reuses those of the deployed revision (else of the latest). */
  private async reusedOverride(release: ReleaseRow): Promise<Values> {
    const rev = await this.repo.revision(release, release.deployedRevision ?? release.revision);
    return (rev?.valuesOverride as Values | undefined) ?? {};
  }

  private spec(chart: ChartRow, override: unknown, description: string): RevisionSpec {
    if (!isPlainObject(override)) throw invalid('valuesOverride', 'valuesOverride must be an object');
    if (jsonDepth(override) > MAX_VALUES_DEPTH || Buffer.byteLength(JSON.stringify(override)) > MAX_VALUES_BYTES) {
      throw invalid('valuesOverride', `valuesOverride must be at most ${MAX_VALUES_DEPTH} levels deep and ${MAX_VALUES_BYTES} bytes of JSON`);
    }
    return { chart, valuesOverride: override, values: deepMerge(chart.defaultValues as Values, override), description: description.trim() };
  }

  /** A catalogue chart version (400 DPF-TEN-085 when unknown); appVersion, when given, must be its own. */
  private async chartVersion(chartName: string, version: string, appVersion?: string): Promise<ChartRow> {
    const chart = await this.repo.chart(chartName, version);
    if (!chart) throw new DomainError(TenantError.CHART_VERSION_UNKNOWN, `Chart ${chartName} has no version ${version} in the catalogue`, { chartName, chartVersion: version });
    if (appVersion != null && appVersion.trim() !== chart.appVersion) throw invalid('appVersion', `${chartName} ${version} deploys appVersion ${chart.appVersion}`);
    return chart;
  }
}
