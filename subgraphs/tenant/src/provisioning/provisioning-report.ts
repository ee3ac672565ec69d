import { PHASES } from './provisioning-steps';
import type { EventRow, JobWithSteps, StepRow } from './provisioning.repository';
import type { ProvisioningEventRecord, ProvisioningPhase, ProvisioningProgress, ProvisioningStepRecord, ProvisioningTimeline } from './provisioning.type';

/** When a step has never run anywhere, its estimate (ms). */
export const DEFAULT_STEP_ESTIMATE_MS = 1_000;

/** The public status of a job: PENDING shows as IN_PROGRESS (it is about to run). */
export const jobStatus = (job: { status: string }) => (job.status === 'PENDING' ? 'IN_PROGRESS' : job.status);

/** Completed steps out of all steps, rounded down (100 only when every step is COMPLETED). */
export function percentComplete(steps: Pick<StepRow, 'status'>[]): number {
  if (steps.length === 0) return 0;
  return Math.floor((100 * steps.filter((s) => s.status === 'COMPLETED').length) / steps.length);
}

/** The step being worked on: running or rolling back, else the failed one, else the first pending. */
export function currentStep(steps: StepRow[]): StepRow | null {
  return (
    steps.find((s) => s.status === 'RUNNING' || s.status === 'ROLLING_BACK') ??
    steps.find((s) => s.status === 'FAILED') ??
    steps.find((s) => s.status === 'PENDING') ??
    null
  );
}

export function progressOf(job: JobWithSteps): ProvisioningProgress {
  const status = jobStatus(job);
  const current = status === 'COMPLETED' || status === 'ROLLED_BACK' ? null : currentStep(job.steps);
  return { status, percentComplete: percentComplete(job.steps), currentPhase: current?.phase ?? null, currentStep: current?.name ?? null };
}

/** Phases in workflow order with the state of their steps. */
export function phasesOf(steps: StepRow[]): ProvisioningPhase[] {
  return PHASES.map((name) => {
    const own = steps.filter((s) => s.phase === name);
    const completed = own.filter((s) => s.status === 'COMPLETED');
    const has = (st: string) => own.some((s) => s.status === st);
    const status = has('FAILED') ? 'FAILED'
      : has('ROLLING_BACK') ? 'ROLLING_BACK'
      : own.length > 0 && own.every((s) => s.status === 'ROLLED_BACK') ? 'ROLLED_BACK'
      : completed.length === own.length && own.length > 0 ? 'COMPLETED'
      : has('RUNNING') || completed.length > 0 ? 'IN_PROGRESS'
      : 'PENDING';
    const starts = own.map((s) => s.startedAt).filter((d): d is Date => d != null);
    const ends = completed.map((s) => s.completedAt).filter((d): d is Date => d != null);
    return {
      name,
      status,
      steps: own.length,
      completedSteps: completed.length,
      startedAt: starts.length ? new Date(Math.min(...starts.map(Number))) : null,
      completedAt: status === 'COMPLETED' && ends.length ? new Date(Math.max(...ends.map(Number))) : null,
      durationMs: completed.length ? completed.reduce((sum, s) => sum + (s.durationMs ?? 0), 0) : null,
    };
  });
}

/**
 * Elapsed time since the job started, and the estimated completion: for a running job, now
 * plus the mean past duration of every step not yet COMPLETED; for a finished one, its end.
 */
export function timelineOf(job: JobWithSteps, means: Map<string, number>, now = new Date()): ProvisioningTimeline {
  const finished = job.finishedAt && ['COMPLETED', 'FAILED', 'ROLLED_BACK'].includes(job.status);
  const end = finished ? job.finishedAt! : now;
  const elapsedSeconds = job.startedAt ? Math.max(0, Math.floor((end.getTime() - job.startedAt.getTime()) / 1000)) : 0;
  let estimatedCompletionAt: Date | null = null;
  if (finished) estimatedCompletionAt = job.status === 'COMPLETED' ? job.finishedAt : null;
  else if (job.status !== 'ROLLING_BACK') {
    const remaining = job.steps.filter((s) => s.status !== 'COMPLETED').reduce((sum, s) => sum + (means.get(s.name) || DEFAULT_STEP_ESTIMATE_MS), 0);
    estimatedCompletionAt = new Date(now.getTime() + remaining);
  }
  return { startedAt: job.startedAt, estimatedCompletionAt, completedAt: job.status === 'COMPLETED' ? job.finishedAt : null, elapsedSeconds, steps: job.steps.map(toStepRecord) };
}

export function toStepRecord(s: StepRow): ProvisioningStepRecord {
  return { ...s, output: s.output == null ? null : JSON.stringify(s.output) };
}

export function toEventRecord(e: EventRow): ProvisioningEventRecord {
  return { id: e.id.toString(), type: e.type, phase: e.phase, step: e.step, message: e.message, at: e.createdAt };
}
