import { DomainError } from '@dataplat/kit';
import { TenantError } from '../errors';
import { ACTIVE_STATUSES, isActive, MIGRATION_STATUSES, MIGRATION_TRANSITIONS, nextMigrationStatus, type MigrationAction } from './migration-lifecycle';

const ACTIONS = Object.keys(MIGRATION_TRANSITIONS) as MigrationAction[];

/** The documented table (docs/tenant-migrations.md "State machine"): [from, action, to]. */
const LEGAL: [string, MigrationAction, string][] = [
  ['PENDING', 'approve', 'APPROVED'],
  ['PENDING', 'cancel', 'CANCELLED'],
  ['APPROVED', 'cancel', 'CANCELLED'],
  ['APPROVED', 'start', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'complete', 'COMPLETED'],
  ['IN_PROGRESS', 'fail', 'FAILED'],
  ['IN_PROGRESS', 'autoRollback', 'ROLLING_BACK'],
  ['COMPLETED', 'rollback', 'ROLLING_BACK'],
  ['FAILED', 'rollback', 'ROLLING_BACK'],
  ['ROLLING_BACK', 'rolledBack', 'ROLLED_BACK'],
  ['ROLLING_BACK', 'rollbackFailed', 'FAILED'],
];

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return e instanceof DomainError ? e.code : 'other';
  }
  return undefined;
}

describe('migration state machine', () => {
  it.each(LEGAL)('%s --%s--> %s', (from, action, to) => {
    expect(nextMigrationStatus(from, action)).toBe(to);
  });

  it('refuses every other move with 409 DPF-TEN-063', () => {
    let refused = 0;
    for (const status of MIGRATION_STATUSES) {
      for (const action of ACTIONS) {
        if (LEGAL.some(([f, a]) => f === status && a === action)) continue;
        expect(codeOf(() => nextMigrationStatus(status, action))).toBe(TenantError.MIGRATION_ILLEGAL_TRANSITION);
        refused += 1;
      }
    }
    expect(refused).toBe(MIGRATION_STATUSES.length * ACTIONS.length - LEGAL.length);
  });

  it('has no move out of CANCELLED or ROLLED_BACK', () => {
    for (const action of ACTIONS) {
      expect(codeOf(() => nextMigrationStatus('CANCELLED', action))).toBe(TenantError.MIGRATION_ILLEGAL_TRANSITION);
      expect(codeOf(() => nextMigrationStatus('ROLLED_BACK', action))).toBe(TenantError.MIGRATION_ILLEGAL_TRANSITION);
    }
  });

  it('rolls back a FAILED migration only when rollbackEnabled (else 409 DPF-TEN-065); a COMPLETED one always', () => {
    expect(codeOf(() => nextMigrationStatus('FAILED', 'rollback', false))).toBe(TenantError.MIGRATION_ROLLBACK_DISABLED);
    expect(nextMigrationStatus('COMPLETED', 'rollback', false)).toBe('ROLLING_BACK');
  });

  it('counts PENDING, APPROVED, IN_PROGRESS and ROLLING_BACK as active', () => {
    expect([...ACTIVE_STATUSES].sort()).toEqual(['APPROVED', 'IN_PROGRESS', 'PENDING', 'ROLLING_BACK']);
    expect(isActive('COMPLETED')).toBe(false);
    expect(isActive('IN_PROGRESS')).toBe(true);
  });
});
