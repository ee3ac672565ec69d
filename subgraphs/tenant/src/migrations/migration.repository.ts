import type { Prisma, PrismaClient } from '@dataplat/db';
import { consumeFault, tableLeases, type LeasedJobStore } from '../jobs/leased-runner';
import { ACTIVE_STATUSES, RUNNABLE_STATUSES } from './migration-lifecycle';
import type { PlannedStep, TenantFootprint } from './migration-plan';

export type MigrationRow = Prisma.TenantMigrationGetPayload<object>;
export type MigrationStepRow = Prisma.TenantMigrationStepGetPayload<object>;
export type MigrationWithSteps = MigrationRow & { steps: MigrationStepRow[] };
export type RegionRow = Prisma.MigrationRegionGetPayload<object>;

/** One table of the tenant's own schema as measured (row count, total size with indexes and TOAST). */
export interface TableMeasure {
  table: string;
  rows: number;
  bytes: number;
  checksum?: string;
}

const withSteps = { steps: { orderBy: { ordinal: 'asc' } } } as const;

/**
 * The only Prisma caller for migrations, their steps and regions. Every read and write of a
 * migration is filtered by its tenant, except the runner's (by a migration id it claimed) and the
 * platform-wide statistics.
 */
export class MigrationRepository {
  readonly leases: LeasedJobStore;

  constructor(private readonly db: PrismaClient) {
    this.leases = tableLeases(db, 'tenant.migrations', RUNNABLE_STATUSES);
  }

  async list(tenantId: string, status: string | undefined, skip: number, take: number): Promise<{ rows: MigrationWithSteps[]; total: number }> {
    const where = { tenantId, ...(status ? { status } : {}) };
    const [rows, total] = await this.db.$transaction([
      this.db.tenantMigration.findMany({ where, include: withSteps, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip, take }),
      this.db.tenantMigration.count({ where }),
    ]);
    return { rows, total };
  }

  find(tenantId: string, id: string): Promise<MigrationWithSteps | null> {
    return this.db.tenantMigration.findFirst({ where: { tenantId, id }, include: withSteps });
  }

  active(tenantId: string): Promise<MigrationWithSteps | null> {
    return this.db.tenantMigration.findFirst({ where: { tenantId, status: { in: [...ACTIVE_STATUSES] } }, include: withSteps });
  }

  /** For the runner: a migration it holds the lease of. */
  byId(id: string): Promise<MigrationWithSteps | null> {
    return this.db.tenantMigration.findUnique({ where: { id }, include: withSteps });
  }

  /** A PENDING migration with its planned steps (one transaction; a second active one violates the partial unique index). */
  create(data: Prisma.TenantMigrationUncheckedCreateInput, steps: PlannedStep[]): Promise<MigrationWithSteps> {
    return this.db.$transaction(async (tx) => {
      const row = await tx.tenantMigration.create({ data });
      await tx.tenantMigrationStep.createMany({ data: steps.map((s) => ({ tenantId: row.tenantId, migrationId: row.id, ordinal: s.ordinal, kind: s.kind, name: s.name, trafficPercent: s.trafficPercent, status: 'PENDING' })) });
      return (await tx.tenantMigration.findUnique({ where: { id: row.id }, include: withSteps }))!;
    });
  }

  /** Moves the migration only from one of `from` (a concurrent move wins, this one gets false). */
  async move(tenantId: string, id: string, from: readonly string[], data: Prisma.TenantMigrationUpdateManyMutationInput): Promise<boolean> {
    const { count } = await this.db.tenantMigration.updateMany({ where: { tenantId, id, status: { in: [...from] } }, data });
    return count > 0;
  }

  async update(tenantId: string, id: string, data: Prisma.TenantMigrationUpdateManyMutationInput): Promise<void> {
    await this.db.tenantMigration.updateMany({ where: { tenantId, id }, data });
  }

  /** Updates a step and, in the same transaction, the migration's progress fields. */
  async updateStep(step: MigrationStepRow, data: Prisma.TenantMigrationStepUpdateManyMutationInput, migration: Prisma.TenantMigrationUpdateManyMutationInput = {}): Promise<MigrationStepRow> {
    return this.db.$transaction(async (tx) => {
      await tx.tenantMigrationStep.updateMany({ where: { tenantId: step.tenantId, id: step.id }, data });
      if (Object.keys(migration).length > 0) await tx.tenantMigration.updateMany({ where: { tenantId: step.tenantId, id: step.migrationId }, data: migration });
      return (await tx.tenantMigrationStep.findUnique({ where: { id: step.id } }))!;
    });
  }

  /** Cutover (and its revert): the tenant's region moves from `from` to `to`, with the migration's traffic. */
  async switchRegion(tenantId: string, migrationId: string, from: string, to: string, trafficPercent: number): Promise<number> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.tenant.updateMany({ where: { id: tenantId, region: from }, data: { region: to } });
      await tx.tenantMigration.updateMany({ where: { tenantId, id: migrationId }, data: { trafficPercent } });
      return count;
    });
  }

  regions(): Promise<RegionRow[]> {
    return this.db.migrationRegion.findMany({ orderBy: { code: 'asc' } });
  }

  region(code: string): Promise<RegionRow | null> {
    return this.db.migrationRegion.findUnique({ where: { code } });
  }

  /**
   * Tables of the tenant's own schema with exact row counts and pg_total_relation_size; with
   * `checksums`, an md5 of each table's rows in a stable order too (the backup manifest).
   */
  async measureSchema(schema: string, checksums = false): Promise<TableMeasure[]> {
    const rows = await this.db.$queryRaw<{ table: string; rows: bigint; bytes: bigint; checksum: string | null }[]>`
      SELECT c.relname::text AS "table",
             (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I.%I', n.nspname, c.relname), false, true, '')))[1]::text::bigint AS rows,
             pg_total_relation_size(c.oid)::bigint AS bytes,
             CASE WHEN ${checksums} THEN (xpath('/row/h/text()', query_to_xml(format('SELECT md5(coalesce(string_agg(t::text, ''|'' ORDER BY t::text), '''')) AS h FROM %I.%I t', n.nspname, c.relname), false, true, '')))[1]::text END AS checksum
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`;
    return rows.map((r) => ({ table: r.table, rows: Number(r.rows), bytes: Number(r.bytes), ...(r.checksum != null ? { checksum: r.checksum } : {}) }));
  }

  /**
   * The tenant's configuration held by this service (quotas, alert rules, its rate-limit tier,
   * DNS and ingress records): what moves with the tenant. Other services' data (identity,
   * configuration) is theirs to move; this service never reads their tables.
   */
  async configItems(tenantId: string): Promise<{ quotas: number; alertRules: number; rateLimits: number; networkRecords: number }> {
    const [quotas, alertRules, rateLimits, networkRecords] = await Promise.all([
      this.db.tenantQuota.count({ where: { tenantId } }),
      this.db.alertRule.count({ where: { tenantId } }),
      this.db.provisionedRateLimit.count({ where: { tenantId } }),
      this.db.provisionedNetworkRecord.count({ where: { tenantId } }),
    ]);
    return { quotas, alertRules, rateLimits, networkRecords };
  }

  /** Sealed secrets of the tenant held by this service. */
  async secrets(_tenantId: string): Promise<number> {
    return 0;
  }

  async footprint(tenantId: string, schema: string): Promise<TenantFootprint> {
    const [tables, config, secrets] = await Promise.all([this.measureSchema(schema), this.configItems(tenantId), this.secrets(tenantId)]);
    return {
      dataBytes: tables.reduce((n, t) => n + t.bytes, 0),
      tables: tables.length,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      configItems: config.quotas + config.alertRules + config.rateLimits + config.networkRecords,
      secrets,
    };
  }

  /** Platform-wide counts by status and the mean duration of completed migrations. */
  async stats(): Promise<{ byStatus: Map<string, number>; averageDurationMs: number | null }> {
    const [groups, avg] = await this.db.$transaction([
      this.db.tenantMigration.groupBy({ by: ['status'], _count: { _all: true }, orderBy: { status: 'asc' } }),
      this.db.tenantMigration.aggregate({ where: { status: 'COMPLETED', durationMs: { not: null } }, _avg: { durationMs: true } }),
    ]);
    return { byStatus: new Map(groups.map((g) => [g.status, (g._count as { _all: number })._all])), averageDurationMs: avg._avg.durationMs };
  }

  /** Test-only fault injection (tenant.provisioning_faults, step `migration:<name>`). */
  consumeFault(slug: string, step: string): Promise<{ fail: boolean; delayMs: number }> {
    return consumeFault(this.db, slug, `migration:${step}`);
  }
}
