import { DomainError } from '@dataplat/kit';
import { TenantError } from '../errors';

/** Migration statuses (spec 2 "States and transitions / Migration", docs/tenant-migrations.md). */
export const MIGRATION_STATUSES = ['PENDING', 'APPROVED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLED', 'ROLLING_BACK', 'ROLLED_BACK'] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];

/** Statuses that count as "the tenant's active migration" (at most one: spec 2 "Limits" rule 5). */
export const ACTIVE_STATUSES: readonly MigrationStatus[] = ['PENDING', 'APPROVED', 'IN_PROGRESS', 'ROLLING_BACK'];
/** Statuses the job runner works on. */
export const RUNNABLE_STATUSES: readonly MigrationStatus[] = ['IN_PROGRESS', 'ROLLING_BACK'];
/** Statuses in which a migration has ended. */
export const FINAL_STATUSES: readonly MigrationStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED', 'ROLLED_BACK'];

/**
 * The migration state machine. Each action names the statuses it may start from and the status
 * it leads to; anything else is refused with 409 DPF-TEN-063. Actions by callers: approve,
 * start, cancel, rollback; by the job runner: complete, fail, autoRollback, rolledBack, rollbackFailed.
 */
export const MIGRATION_TRANSITIONS = {
  approve: { from: ['PENDING'], to: 'APPROVED' },
  cancel: { from: ['PENDING', 'APPROVED'], to: 'CANCELLED' },
  start: { from: ['APPROVED'], to: 'IN_PROGRESS' },
  /** Every step done: the tenant serves from the target region. */
  complete: { from: ['IN_PROGRESS'], to: 'COMPLETED' },
  /** A step failed and autoRollbackOnFailure is off. */
  fail: { from: ['IN_PROGRESS'], to: 'FAILED' },
  /** A step failed and autoRollbackOnFailure is on. */
  autoRollback: { from: ['IN_PROGRESS'], to: 'ROLLING_BACK' },
  /** Requested by a caller: of a COMPLETED migration, or of a FAILED one when rollbackEnabled. */
  rollback: { from: ['COMPLETED', 'FAILED'], to: 'ROLLING_BACK' },
  /** Every done step was reverted (traffic back to 0 %, region = source). */
  rolledBack: { from: ['ROLLING_BACK'], to: 'ROLLED_BACK' },
  /** A step could not be reverted. */
  rollbackFailed: { from: ['ROLLING_BACK'], to: 'FAILED' },
} as const satisfies Record<string, { from: readonly MigrationStatus[]; to: MigrationStatus }>;

export type MigrationAction = keyof typeof MIGRATION_TRANSITIONS;

/** The status `action` leads to from `status`, or 409 DPF-TEN-063 (065 for a FAILED migration without rollback). */
export function nextMigrationStatus(status: string, action: MigrationAction, rollbackEnabled = true): MigrationStatus {
  const move = MIGRATION_TRANSITIONS[action];
  if (!(move.from as readonly string[]).includes(status)) {
    throw new DomainError(TenantError.MIGRATION_ILLEGAL_TRANSITION, `A migration in status ${status} cannot ${action === 'rollback' ? 'be rolled back' : action}`, { status, action });
  }
  if (action === 'rollback' && status === 'FAILED' && !rollbackEnabled) {
    throw new DomainError(TenantError.MIGRATION_ROLLBACK_DISABLED, 'This failed migration was created with rollbackEnabled false', { status, action });
  }
  return move.to;
}

export const isActive = (status: string) => (ACTIVE_STATUSES as readonly string[]).includes(status);
