import { planSteps } from './migration-plan';
import { previousTraffic } from './migration-steps';
import type { MigrationStepRow } from './migration.repository';

const rows = (): MigrationStepRow[] =>
  planSteps({ migrateData: true, migrateConfig: false, migrateSecrets: false, backupBeforeMigration: true, trafficStrategy: 'GRADUAL', trafficShiftStep: 25 }).map(
    (s) => ({ ...s, id: `s${s.ordinal}`, tenantId: 't', migrationId: 'm', status: 'COMPLETED', attempts: 1, error: null, output: null, startedAt: null, completedAt: null, durationMs: null, rolledBackAt: null }),
  );

describe('traffic before a step (what its revert restores)', () => {
  it('is 0 before the first shift and the previous shift\'s percent after', () => {
    const steps = rows();
    const named = (n: string) => steps.find((s) => s.name === n)!;
    expect(previousTraffic(named('copy-data'), steps)).toBe(0);
    expect(previousTraffic(named('traffic-25'), steps)).toBe(0);
    expect(previousTraffic(named('traffic-50'), steps)).toBe(25);
    expect(previousTraffic(named('traffic-100'), steps)).toBe(75);
    expect(previousTraffic(named('cutover'), steps)).toBe(100);
  });
});
