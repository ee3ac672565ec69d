import { tenantDbName } from '../provisioning/provisioning-steps';
import type { MigrationRepository, MigrationRow, MigrationStepRow } from './migration.repository';

export type StepOutput = Record<string, unknown>;

/** What a step knows of the tenant it migrates. */
export interface MigrationTarget {
  tenantId: string;
  slug: string;
  migration: MigrationRow;
  steps: MigrationStepRow[];
}

/**
 * The embedded executor of migration steps: real local work on the platform's own database
 * (docs/tenant-migrations.md "Steps"). The target region is the tenant's `region` record: data,
 * config and secrets are measured and recorded as copied (one database serves every region
 * here), traffic is the migration's `trafficPercent`, cutover changes the tenant's region.
 * Every step is idempotent, so a step that was running when its process died runs again.
 */
export class MigrationSteps {
  constructor(private readonly repo: MigrationRepository) {}

  async apply(step: MigrationStepRow, t: MigrationTarget): Promise<StepOutput> {
    const m = t.migration;
    switch (step.kind) {
      case 'BACKUP': {
        // The backup manifest: every table with row count, size and a checksum of its content.
        const tables = await this.repo.measureSchema(tenantDbName(t.slug), true);
        return { schema: tenantDbName(t.slug), region: m.sourceRegion, tables, totalBytes: sum(tables, 'bytes'), totalRows: sum(tables, 'rows') };
      }
      case 'COPY_DATA': {
        const tables = await this.repo.measureSchema(tenantDbName(t.slug));
        return { from: m.sourceRegion, to: m.targetRegion, schema: tenantDbName(t.slug), tables, copiedBytes: sum(tables, 'bytes'), copiedRows: sum(tables, 'rows') };
      }
      case 'COPY_CONFIG':
        return { from: m.sourceRegion, to: m.targetRegion, ...(await this.repo.configItems(t.tenantId)) };
      case 'COPY_SECRETS':
        return { from: m.sourceRegion, to: m.targetRegion, secrets: await this.repo.secrets(t.tenantId), resealedFor: m.targetRegion };
      case 'TRAFFIC_SHIFT': {
        const to = step.trafficPercent ?? 100;
        const from = previousTraffic(step, t.steps);
        await this.repo.update(t.tenantId, m.id, { trafficPercent: to });
        return { fromPercent: from, toPercent: to, region: m.targetRegion };
      }
      case 'CUTOVER': {
        const started = Date.now();
        const moved = await this.repo.switchRegion(t.tenantId, m.id, m.sourceRegion, m.targetRegion, 100);
        const downtimeMs = Date.now() - started;
        await this.repo.update(t.tenantId, m.id, { downtimeMs });
        return { fromRegion: m.sourceRegion, toRegion: m.targetRegion, regionChanged: moved > 0, downtimeMs };
      }
      default:
        throw new Error(`unknown migration step kind ${step.kind}`);
    }
  }

  /** Undoes a step: traffic back to where it was before it, region back to the source; copies discarded. */
  async revert(step: MigrationStepRow, t: MigrationTarget): Promise<StepOutput> {
    const m = t.migration;
    switch (step.kind) {
      case 'CUTOVER': {
        const restored = await this.repo.switchRegion(t.tenantId, m.id, m.targetRegion, m.sourceRegion, previousTraffic(step, t.steps));
        return { region: m.sourceRegion, regionRestored: restored > 0 };
      }
      case 'TRAFFIC_SHIFT': {
        const back = previousTraffic(step, t.steps);
        await this.repo.update(t.tenantId, m.id, { trafficPercent: back });
        return { trafficPercent: back };
      }
      case 'COPY_DATA':
      case 'COPY_CONFIG':
      case 'COPY_SECRETS':
        return { discardedIn: m.targetRegion };
      case 'BACKUP':
        return { retained: true };
      default:
        throw new Error(`unknown migration step kind ${step.kind}`);
    }
  }
}

/** Traffic on the target before `step`: the percent of the shift before it, 0 before the first. */
export function previousTraffic(step: MigrationStepRow, steps: MigrationStepRow[]): number {
  const before = steps.filter((s) => s.ordinal < step.ordinal && s.kind === 'TRAFFIC_SHIFT');
  return before.length > 0 ? (before[before.length - 1].trafficPercent ?? 0) : 0;
}

const sum = (rows: { rows: number; bytes: number }[], key: 'rows' | 'bytes') => rows.reduce((n, r) => n + r[key], 0);
