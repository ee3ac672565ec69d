import { currentStep, percentComplete, phasesOf, progressOf, timelineOf } from './provisioning-report';
import { STEPS, tenantDbName } from './provisioning-steps';
import type { JobWithSteps, StepRow } from './provisioning.repository';

const t0 = new Date('2026-01-01T00:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

function steps(statuses: string[]): StepRow[] {
  return STEPS.map((s, i) => ({
    id: `s${i}`, jobId: 'j', tenantId: 't', ordinal: i, phase: s.phase, name: s.name, status: statuses[i] ?? 'PENDING', attempts: 1, error: null, output: null,
    startedAt: statuses[i] && statuses[i] !== 'PENDING' ? at(i) : null, completedAt: statuses[i] === 'COMPLETED' ? at(i + 1) : null, durationMs: statuses[i] === 'COMPLETED' ? 1000 : null, rolledBackAt: null,
  }));
}

function job(status: string, st: string[], finishedAt: Date | null = null): JobWithSteps {
  return { id: 'j', tenantId: 't', operation: 'PROVISION', status, restartAfterRollback: false, lockedBy: null, lockedUntil: null, error: null, actor: 'x', startedAt: t0, finishedAt, createdAt: t0, updatedAt: t0, steps: steps(st) };
}

describe('provisioning report', () => {
  it('computes percent complete from completed steps, rounded down', () => {
    expect(percentComplete(steps([]))).toBe(0);
    expect(percentComplete(steps(['COMPLETED', 'COMPLETED', 'COMPLETED']))).toBe(Math.floor(300 / STEPS.length));
    expect(percentComplete(steps(STEPS.map(() => 'COMPLETED')))).toBe(100);
  });

  it('names the running step, else the failed one, else the first pending', () => {
    expect(currentStep(steps(['COMPLETED', 'RUNNING']))?.name).toBe('create-role');
    expect(currentStep(steps(['COMPLETED', 'COMPLETED', 'FAILED']))?.name).toBe('default-quotas');
    expect(currentStep(steps(['COMPLETED']))?.name).toBe('create-role');
    expect(progressOf(job('PENDING', []))).toMatchObject({ status: 'IN_PROGRESS', percentComplete: 0, currentPhase: 'INFRASTRUCTURE', currentStep: 'create-schema' });
    expect(progressOf(job('COMPLETED', STEPS.map(() => 'COMPLETED')))).toMatchObject({ status: 'COMPLETED', percentComplete: 100, currentStep: null });
  });

  it('derives each phase status from its steps', () => {
    const phases = phasesOf(steps(['COMPLETED', 'COMPLETED', 'COMPLETED', 'FAILED']));
    expect(phases.map((p) => [p.name, p.status, p.steps, p.completedSteps])).toEqual([
      ['INFRASTRUCTURE', 'COMPLETED', 2, 2],
      ['DATA_PLANE', 'FAILED', 2, 1],
      ['NETWORKING', 'PENDING', 2, 0],
      ['VERIFICATION', 'PENDING', 1, 0],
    ]);
    expect(phases[0].durationMs).toBe(2000);
    expect(phasesOf(steps(STEPS.map(() => 'ROLLED_BACK'))).every((p) => p.status === 'ROLLED_BACK')).toBe(true);
  });

  it('estimates completion from the mean durations of the remaining steps', () => {
    const means = new Map([['dns-record', 3000], ['ingress', 2000]]);
    const now = at(10);
    const tl = timelineOf(job('IN_PROGRESS', ['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']), means, now);
    // dns-record 3 s + ingress 2 s + verify-resources (never ran: 1 s)
    expect(tl.estimatedCompletionAt).toEqual(at(16));
    expect(tl.elapsedSeconds).toBe(10);
    const done = timelineOf(job('COMPLETED', STEPS.map(() => 'COMPLETED'), at(7)), means, at(60));
    expect(done).toMatchObject({ estimatedCompletionAt: at(7), completedAt: at(7), elapsedSeconds: 7 });
    expect(timelineOf(job('FAILED', ['FAILED'], at(2)), means, now).estimatedCompletionAt).toBeNull();
  });

  it('names the tenant schema and role after the slug, within 63 bytes', () => {
    expect(tenantDbName('acme-corp')).toBe('tenant_acme_corp');
    const long = tenantDbName(`a${'b'.repeat(62)}`);
    expect(long).toHaveLength(63);
    expect(long).not.toBe(tenantDbName(`a${'b'.repeat(61)}c`));
    expect(() => tenantDbName('Bad"; DROP')).toThrow();
  });
});
