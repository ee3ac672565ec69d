/**
 * The steps of a migration and the estimate model (docs/tenant-migrations.md). Pure functions:
 * the runner executes the plan, the estimate endpoint applies the formulas to measured sizes.
 */
export const STEP_KINDS = ['BACKUP', 'COPY_DATA', 'COPY_CONFIG', 'COPY_SECRETS', 'TRAFFIC_SHIFT', 'CUTOVER'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export const MIGRATION_TYPES = ['REGION'] as const;
export const TRAFFIC_STRATEGIES = ['GRADUAL', 'IMMEDIATE'] as const;
export const DEFAULT_SHIFT_STEP = 10;

export interface PlanFlags {
  migrateData: boolean;
  migrateConfig: boolean;
  migrateSecrets: boolean;
  backupBeforeMigration: boolean;
  trafficStrategy: string;
  trafficShiftStep: number;
}

export interface PlannedStep {
  ordinal: number;
  kind: StepKind;
  name: string;
  trafficPercent: number | null;
}

/** Traffic percentages after each shift: step, 2*step, ... 100 (IMMEDIATE: just 100). */
export function trafficShifts(strategy: string, step: number): number[] {
  if (strategy === 'IMMEDIATE') return [100];
  const shifts: number[] = [];
  for (let p = step; p < 100; p += step) shifts.push(p);
  shifts.push(100);
  return shifts;
}

/** The steps of a migration, in the order they run (rollback reverts them backwards). */
export function planSteps(flags: PlanFlags): PlannedStep[] {
  const steps: Omit<PlannedStep, 'ordinal'>[] = [];
  if (flags.backupBeforeMigration) steps.push({ kind: 'BACKUP', name: 'backup', trafficPercent: null });
  if (flags.migrateData) steps.push({ kind: 'COPY_DATA', name: 'copy-data', trafficPercent: null });
  if (flags.migrateConfig) steps.push({ kind: 'COPY_CONFIG', name: 'copy-config', trafficPercent: null });
  if (flags.migrateSecrets) steps.push({ kind: 'COPY_SECRETS', name: 'copy-secrets', trafficPercent: null });
  for (const p of trafficShifts(flags.trafficStrategy, flags.trafficShiftStep)) steps.push({ kind: 'TRAFFIC_SHIFT', name: `traffic-${p}`, trafficPercent: p });
  steps.push({ kind: 'CUTOVER', name: 'cutover', trafficPercent: 100 });
  return steps.map((s, ordinal) => ({ ordinal, ...s }));
}

/** Completed steps as a whole percentage of all steps. */
export const progressOf = (completed: number, total: number) => (total === 0 ? 0 : Math.floor((completed * 100) / total));

/** Why a shift step is refused (null when fine): 1..100 and dividing 100, 100 for IMMEDIATE. */
export function shiftStepProblem(strategy: string, step: number): string | null {
  if (!Number.isInteger(step) || step < 1 || step > 100) return 'trafficShiftStep must be an integer from 1 to 100';
  if (strategy === 'IMMEDIATE' && step !== 100) return 'trafficShiftStep must be 100 (or left out) for IMMEDIATE';
  if (100 % step !== 0) return 'trafficShiftStep must divide 100 (1, 2, 4, 5, 10, 20, 25, 50 or 100) so that every shift is the same size';
  return null;
}

/** What the estimate is computed from (measured on the tenant). */
export interface TenantFootprint {
  dataBytes: number;
  tables: number;
  rows: number;
  configItems: number;
  secrets: number;
}

/** The transfer-rate model (documented in docs/tenant-migrations.md "Estimate"). */
export const RATE = {
  /** Cross-region copy throughput: 50 MiB/s. */
  transferBytesPerSecond: 50 * 1024 * 1024,
  /** Local backup throughput: 200 MiB/s. */
  backupBytesPerSecond: 200 * 1024 * 1024,
  configItemSeconds: 0.05,
  /** A secret is re-sealed with the target region's key. */
  secretSeconds: 0.2,
  /** Observation window after each traffic shift. */
  shiftObservationSeconds: 60,
  /** Fixed cost of the cutover (DNS and ingress switch) during which writes pause. */
  cutoverSeconds: 30,
  /** Writes that arrive during the copy and are synced again at cutover: 1 % of the data. */
  finalSyncFraction: 0.01,
  fixedOverheadSeconds: 60,
} as const;

export interface Estimate {
  dataTransferBytes: number;
  estimatedDurationSeconds: number;
  backupSeconds: number;
  copySeconds: number;
  trafficShiftSeconds: number;
  trafficShifts: number;
  downtimeSeconds: number;
  cpuMillicores: number;
  memoryMiB: number;
  storageBytes: number;
  networkMbps: number;
}

const GiB = 1024 ** 3;

/** The estimate of a migration with the default flags (backup, data, config and secrets; GRADUAL, 10 %). */
export function estimate(f: TenantFootprint, strategy = 'GRADUAL', shiftStep = DEFAULT_SHIFT_STEP): Estimate {
  const shifts = trafficShifts(strategy, shiftStep).length;
  const backupSeconds = Math.ceil(f.dataBytes / RATE.backupBytesPerSecond);
  const copySeconds = Math.ceil(f.dataBytes / RATE.transferBytesPerSecond + f.configItems * RATE.configItemSeconds + f.secrets * RATE.secretSeconds);
  const trafficShiftSeconds = shifts * RATE.shiftObservationSeconds;
  const downtimeSeconds = Math.ceil(RATE.cutoverSeconds + (f.dataBytes * RATE.finalSyncFraction) / RATE.transferBytesPerSecond);
  return {
    dataTransferBytes: f.dataBytes,
    estimatedDurationSeconds: RATE.fixedOverheadSeconds + backupSeconds + copySeconds + trafficShiftSeconds + downtimeSeconds,
    backupSeconds,
    copySeconds,
    trafficShiftSeconds,
    trafficShifts: shifts,
    downtimeSeconds,
    // One copy worker of 500 m plus 250 m per started GiB, at most 4000 m.
    cpuMillicores: Math.min(4000, 500 + 250 * Math.ceil(f.dataBytes / GiB)),
    // 512 MiB plus 64 MiB per table copied in parallel (at most 8 at a time).
    memoryMiB: 512 + 64 * Math.min(8, f.tables),
    // The target copy plus the backup, each the size of the data.
    storageBytes: 2 * f.dataBytes,
    networkMbps: Math.ceil((RATE.transferBytesPerSecond * 8) / 1_000_000),
  };
}
