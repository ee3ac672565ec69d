import { isUniqueViolation } from '@dataplat/db';
import { DomainError, isUuid, paginate, pageWindow, type Page, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import { tenantDbName } from '../provisioning/provisioning-steps';
import { scopedTenant } from '../quotas/tenant-scope';
import type { TenantRepository, TenantRow } from '../tenants/tenant.repository';
import { ACTIVE_STATUSES, MIGRATION_STATUSES, nextMigrationStatus, type MigrationAction } from './migration-lifecycle';
import { DEFAULT_SHIFT_STEP, estimate, MIGRATION_TYPES, planSteps, RATE, shiftStepProblem, TRAFFIC_STRATEGIES } from './migration-plan';
import type { CreateMigrationInput, MigrationListArgs } from './migration.inputs';
import type { MigrationRepository, MigrationWithSteps } from './migration.repository';
import type { MigrationEstimate, MigrationRegion, MigrationStats, TenantMigration } from './migration.type';

/** Starts a migration's run in the background (the durable runner). */
export interface MigrationKicker {
  kick(migrationId: string): void;
}

export const DEFAULT_MAX_DOWNTIME_MINUTES = 30;

const invalid = (field: string, message: string) => new DomainError(TenantError.MIGRATION_INVALID, message, { field });

export function toMigration(row: MigrationWithSteps): TenantMigration {
  const { lockedBy: _l, lockedUntil: _u, steps, ...rest } = row;
  return { ...rest, steps: steps.map(({ tenantId: _t, migrationId: _m, ...s }) => ({ ...s, output: (s.output ?? null) as Record<string, unknown> | null })) };
}

/** Tenant region migrations (docs/tenant-migrations.md). */
export class MigrationService {
  constructor(
    private readonly repo: MigrationRepository,
    private readonly tenants: TenantRepository,
    private readonly runner: MigrationKicker,
  ) {}

  async list(caller: Principal, tenantId: string, args: MigrationListArgs): Promise<Page<TenantMigration>> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list(tenant.id, args.status, skip, take);
    return { data: rows.map(toMigration), pagination: paginate(args.page, args.size, total) };
  }

  async active(caller: Principal, tenantId: string): Promise<TenantMigration> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const row = await this.repo.active(tenant.id);
    if (!row) throw new DomainError(TenantError.MIGRATION_NO_ACTIVE);
    return toMigration(row);
  }

  async get(caller: Principal, tenantId: string, migrationId: string): Promise<TenantMigration> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    return toMigration(await this.row(tenant, migrationId));
  }

  async create(caller: Principal, tenantId: string, input: CreateMigrationInput): Promise<TenantMigration> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const migrationType = (input.migrationType ?? 'REGION').trim().toUpperCase();
    if (!(MIGRATION_TYPES as readonly string[]).includes(migrationType)) throw invalid('migrationType', `migrationType must be one of ${MIGRATION_TYPES.join(', ')}`);
    const trafficStrategy = (input.trafficStrategy ?? 'GRADUAL').trim().toUpperCase();
    if (!(TRAFFIC_STRATEGIES as readonly string[]).includes(trafficStrategy)) throw invalid('trafficStrategy', `trafficStrategy must be one of ${TRAFFIC_STRATEGIES.join(', ')}`);
    const trafficShiftStep = input.trafficShiftStep ?? (trafficStrategy === 'IMMEDIATE' ? 100 : DEFAULT_SHIFT_STEP);
    const stepProblem = shiftStepProblem(trafficStrategy, trafficShiftStep);
    if (stepProblem) throw invalid('trafficShiftStep', stepProblem);
    const maxDowntimeMinutes = input.maxDowntimeMinutes ?? DEFAULT_MAX_DOWNTIME_MINUTES;
    if (maxDowntimeMinutes < 0) throw invalid('maxDowntimeMinutes', 'maxDowntimeMinutes must be at least 0');
    const sourceRegion = input.sourceRegion.trim();
    const targetRegion = input.targetRegion.trim();
    if (!(await this.repo.region(sourceRegion))) throw invalid('sourceRegion', `Unknown region ${sourceRegion}`);
    if (sourceRegion !== tenant.region) throw invalid('sourceRegion', `sourceRegion must be the tenant's current region (${tenant.region})`);
    await this.targetRegion(tenant, targetRegion);
    this.assertTenantActive(tenant);
    const flags = {
      migrateData: input.migrateData ?? true, migrateConfig: input.migrateConfig ?? true, migrateSecrets: input.migrateSecrets ?? true,
      backupBeforeMigration: input.backupBeforeMigration ?? true, trafficStrategy, trafficShiftStep,
    };
    try {
      const row = await this.repo.create({
        tenantId: tenant.id, migrationName: input.migrationName.trim(), description: input.description ?? null, migrationType, sourceRegion, targetRegion,
        ...flags, rollbackEnabled: input.rollbackEnabled ?? true, autoRollbackOnFailure: input.autoRollbackOnFailure ?? false,
        maxDowntimeMinutes, status: 'PENDING', createdBy: caller.subject,
      }, planSteps(flags));
      return toMigration(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw this.activeExists(tenant.id);
      throw e;
    }
  }

  /** PENDING to APPROVED (platform administrators: the resolver checks the role). */
  approve(caller: Principal, tenantId: string, migrationId: string): Promise<TenantMigration> {
    return this.transition(caller, tenantId, migrationId, 'approve', () => ({ approvedBy: caller.subject, approvedAt: new Date() }));
  }

  /** APPROVED to IN_PROGRESS; the runner takes it from there. */
  async start(caller: Principal, tenantId: string, migrationId: string): Promise<TenantMigration> {
    const result = await this.transition(caller, tenantId, migrationId, 'start', (row, tenant) => {
      this.assertTenantActive(tenant);
      if (tenant.region !== row.sourceRegion) {
        throw new DomainError(TenantError.MIGRATION_ILLEGAL_TRANSITION, `The tenant moved to ${tenant.region} since the migration from ${row.sourceRegion} was created`, { status: row.status, action: 'start' });
      }
      return { startedBy: caller.subject, startedAt: new Date(), currentStep: null, error: null };
    });
    this.runner.kick(result.id);
    return result;
  }

  cancel(caller: Principal, tenantId: string, migrationId: string): Promise<TenantMigration> {
    return this.transition(caller, tenantId, migrationId, 'cancel', () => ({ cancelledBy: caller.subject, cancelledAt: new Date() }));
  }

  /** COMPLETED (or FAILED with rollbackEnabled) to ROLLING_BACK; the runner reverts the done steps. */
  async rollback(caller: Principal, tenantId: string, migrationId: string): Promise<TenantMigration> {
    let result: TenantMigration;
    try {
      result = await this.transition(caller, tenantId, migrationId, 'rollback', () => ({ rollbackRequestedBy: caller.subject, rollbackStartedAt: new Date() }));
    } catch (e) {
      // Another migration of the tenant became active since this one ended.
      if (isUniqueViolation(e)) throw this.activeExists(tenantId.toLowerCase());
      throw e;
    }
    this.runner.kick(result.id);
    return result;
  }

  async estimate(caller: Principal, tenantId: string, targetRegion: string | undefined): Promise<MigrationEstimate> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    if (!targetRegion?.trim()) throw invalid('targetRegion', 'The query parameter targetRegion is required');
    const target = targetRegion.trim();
    await this.targetRegion(tenant, target);
    const f = await this.repo.footprint(tenant.id, tenantDbName(tenant.slug));
    const e = estimate(f);
    return {
      tenantId: tenant.id, sourceRegion: tenant.region, targetRegion: target, dataTransferSizeBytes: e.dataTransferBytes, tables: f.tables, rows: f.rows,
      configItems: f.configItems, secrets: f.secrets, estimatedDurationSeconds: e.estimatedDurationSeconds, estimatedDurationMinutes: Math.ceil(e.estimatedDurationSeconds / 60),
      backupSeconds: e.backupSeconds, copySeconds: e.copySeconds, trafficShiftSeconds: e.trafficShiftSeconds, trafficShifts: e.trafficShifts,
      downtimeWindowSeconds: e.downtimeSeconds, downtimeWindowMinutes: Math.ceil(e.downtimeSeconds / 60),
      resourceRequirements: { cpuMillicores: e.cpuMillicores, memoryMiB: e.memoryMiB, storageBytes: e.storageBytes, networkMbps: e.networkMbps },
      model: `copy ${RATE.transferBytesPerSecond / 1048576} MiB/s, backup ${RATE.backupBytesPerSecond / 1048576} MiB/s, ${RATE.configItemSeconds} s per config item, ${RATE.secretSeconds} s per secret, ${RATE.shiftObservationSeconds} s per traffic shift (GRADUAL ${DEFAULT_SHIFT_STEP} %), cutover ${RATE.cutoverSeconds} s + final sync of ${RATE.finalSyncFraction * 100} % of the data, ${RATE.fixedOverheadSeconds} s overhead`,
    };
  }

  async regions(caller: Principal, tenantId: string): Promise<MigrationRegion[]> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    return (await this.repo.regions()).map((r) => ({ code: r.code, displayName: r.displayName, area: r.area, available: r.available, current: r.code === tenant.region }));
  }

  async stats(): Promise<MigrationStats> {
    const { byStatus, averageDurationMs } = await this.repo.stats();
    const count = (s: string) => byStatus.get(s) ?? 0;
    const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
    const finished = count('COMPLETED') + count('FAILED') + count('ROLLED_BACK');
    const avg = averageDurationMs == null ? null : Math.round(averageDurationMs);
    return {
      total,
      byStatus: MIGRATION_STATUSES.map((status) => ({ status, count: count(status) })),
      successRate: finished === 0 ? null : Math.round((count('COMPLETED') * 10_000) / finished) / 100,
      averageDurationMs: avg,
      averageDurationSeconds: avg == null ? null : Math.round(avg / 10) / 100,
      activeCount: ACTIVE_STATUSES.reduce((n, s) => n + count(s), 0),
    };
  }

  /** A move by the state machine, applied only from the status it was read in (else 409 with the status now). */
  private async transition(caller: Principal, tenantId: string, migrationId: string, action: MigrationAction, data: (row: MigrationWithSteps, tenant: TenantRow) => Record<string, unknown>): Promise<TenantMigration> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const row = await this.row(tenant, migrationId);
    const to = nextMigrationStatus(row.status, action, row.rollbackEnabled);
    const moved = await this.repo.move(tenant.id, row.id, [row.status], { ...data(row, tenant), status: to });
    const now = await this.row(tenant, migrationId);
    if (!moved) nextMigrationStatus(now.status, action, now.rollbackEnabled);
    if (!moved) throw new DomainError(TenantError.MIGRATION_ILLEGAL_TRANSITION, `The migration changed to ${now.status} concurrently`, { status: now.status, action });
    return toMigration(now);
  }

  private async row(tenant: TenantRow, migrationId: string): Promise<MigrationWithSteps> {
    const id = migrationId.toLowerCase();
    const row = isUuid(id) ? await this.repo.find(tenant.id, id) : null;
    if (!row) throw new DomainError(TenantError.MIGRATION_NOT_FOUND);
    return row;
  }

  private async targetRegion(tenant: TenantRow, code: string): Promise<void> {
    const region = await this.repo.region(code);
    if (!region) throw invalid('targetRegion', `Unknown region ${code}`);
    if (!region.available) throw invalid('targetRegion', `Region ${code} does not accept migrations now`);
    if (code === tenant.region) throw invalid('targetRegion', 'targetRegion must differ from the tenant\'s current region');
  }

  private assertTenantActive(tenant: TenantRow): void {
    if (tenant.status !== 'ACTIVE') throw new DomainError(TenantError.MIGRATION_TENANT_NOT_ACTIVE, undefined, { status: tenant.status });
  }

  private activeExists(tenantId: string): DomainError {
    return new DomainError(TenantError.MIGRATION_ACTIVE_EXISTS, undefined, { tenantId });
  }
}

