import { estimate, planSteps, progressOf, RATE, shiftStepProblem, trafficShifts } from './migration-plan';

const ALL = { migrateData: true, migrateConfig: true, migrateSecrets: true, backupBeforeMigration: true, trafficStrategy: 'GRADUAL', trafficShiftStep: 25 };

describe('migration plan', () => {
  it('shifts traffic by the step until 100 %', () => {
    expect(trafficShifts('GRADUAL', 25)).toEqual([25, 50, 75, 100]);
    expect(trafficShifts('GRADUAL', 100)).toEqual([100]);
    expect(trafficShifts('GRADUAL', 1)).toHaveLength(100);
    expect(trafficShifts('IMMEDIATE', 100)).toEqual([100]);
  });

  it('plans backup, copies, shifts and cutover in order, per flags', () => {
    expect(planSteps(ALL).map((s) => s.name)).toEqual(['backup', 'copy-data', 'copy-config', 'copy-secrets', 'traffic-25', 'traffic-50', 'traffic-75', 'traffic-100', 'cutover']);
    expect(planSteps(ALL).map((s) => s.ordinal)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const bare = planSteps({ ...ALL, migrateData: false, migrateConfig: false, migrateSecrets: false, backupBeforeMigration: false, trafficStrategy: 'IMMEDIATE', trafficShiftStep: 100 });
    expect(bare.map((s) => [s.kind, s.trafficPercent])).toEqual([['TRAFFIC_SHIFT', 100], ['CUTOVER', 100]]);
  });

  it('accepts shift steps dividing 100 only; IMMEDIATE takes 100', () => {
    for (const ok of [1, 2, 4, 5, 10, 20, 25, 50, 100]) expect(shiftStepProblem('GRADUAL', ok)).toBeNull();
    for (const bad of [0, -5, 3, 30, 33, 101, 2.5]) expect(shiftStepProblem('GRADUAL', bad)).not.toBeNull();
    expect(shiftStepProblem('IMMEDIATE', 100)).toBeNull();
    expect(shiftStepProblem('IMMEDIATE', 50)).not.toBeNull();
  });

  it('reports progress as whole percent', () => {
    expect(progressOf(0, 9)).toBe(0);
    expect(progressOf(3, 9)).toBe(33);
    expect(progressOf(9, 9)).toBe(100);
    expect(progressOf(0, 0)).toBe(0);
  });
});

describe('migration estimate', () => {
  it('applies the transfer-rate model to the measured footprint', () => {
    const bytes = 1024 * 1024 * 1024; // 1 GiB
    const e = estimate({ dataBytes: bytes, tables: 3, rows: 1000, configItems: 20, secrets: 5 });
    expect(e.dataTransferBytes).toBe(bytes);
    expect(e.backupSeconds).toBe(Math.ceil(bytes / RATE.backupBytesPerSecond)); // 6 s at 200 MiB/s
    expect(e.copySeconds).toBe(Math.ceil(bytes / RATE.transferBytesPerSecond + 20 * 0.05 + 5 * 0.2)); // 20.48 + 1 + 1
    expect(e.trafficShifts).toBe(10);
    expect(e.trafficShiftSeconds).toBe(600);
    expect(e.downtimeSeconds).toBe(Math.ceil(30 + (bytes * 0.01) / RATE.transferBytesPerSecond));
    expect(e.estimatedDurationSeconds).toBe(60 + e.backupSeconds + e.copySeconds + e.trafficShiftSeconds + e.downtimeSeconds);
    expect(e).toMatchObject({ cpuMillicores: 750, memoryMiB: 512 + 3 * 64, storageBytes: 2 * bytes, networkMbps: 420 });
  });

  it('grows with the data, and an empty tenant still needs the fixed steps', () => {
    const empty = estimate({ dataBytes: 0, tables: 0, rows: 0, configItems: 0, secrets: 0 });
    expect(empty.estimatedDurationSeconds).toBe(60 + 600 + 30);
    const big = estimate({ dataBytes: 100 * 1024 ** 3, tables: 20, rows: 1e9, configItems: 0, secrets: 0 });
    expect(big.estimatedDurationSeconds).toBeGreaterThan(empty.estimatedDurationSeconds);
    expect(big.cpuMillicores).toBe(4000);
    expect(big.memoryMiB).toBe(512 + 8 * 64);
  });
});
