import type { Prisma, PrismaClient } from '@dataplat/db';
import { consumeFault, tableLeases, type JobClaim, type LeasedJobStore } from '../jobs/leased-runner';
import type { ProvisioningPublisher } from './provisioning-publisher';
import { STEPS } from './provisioning-steps';

export type JobRow = Prisma.ProvisioningJobGetPayload<object>;
export type StepRow = Prisma.ProvisioningStepGetPayload<object>;
export type EventRow = Prisma.ProvisioningEventGetPayload<object>;
export type JobWithSteps = JobRow & { steps: StepRow[] };

/** Job statuses a runner works on. */
export const ACTIVE_JOB_STATUSES = ['PENDING', 'IN_PROGRESS', 'ROLLING_BACK'];

export interface NewEvent {
  type: string;
  message: string;
  phase?: string | null;
  step?: string | null;
}

export type JobEvent = NewEvent & { tenantId: string };

/** The job move inside a transaction the caller holds (with the tenant's status move). */
export async function moveJobIn(tx: Prisma.TransactionClient, jobId: string, from: string[], data: Prisma.ProvisioningJobUpdateManyMutationInput, event?: JobEvent): Promise<boolean> {
  const { count } = await tx.provisioningJob.updateMany({ where: { id: jobId, status: { in: from } }, data });
  if (count > 0 && event) await tx.provisioningEvent.create({ data: { jobId, tenantId: event.tenantId, type: event.type, message: event.message, phase: event.phase, step: event.step } });
  return count > 0;
}

/** Sets steps of a job in `statuses` back to PENDING (retry: the failed one). */
export async function resetStepsIn(tx: Prisma.TransactionClient, jobId: string, statuses: string[]): Promise<void> {
  await tx.provisioningStep.updateMany({ where: { jobId, status: { in: statuses } }, data: { status: 'PENDING', error: null, startedAt: null, completedAt: null, durationMs: null } });
}

/**
 * The only Prisma caller for provisioning jobs, steps and events; every read is by tenant or by
 * a job id the caller got from its tenant's job. One job per tenant: retry, rollback and
 * reprovision act on it again.
 */
export class ProvisioningRepository implements LeasedJobStore {
  private readonly leases: LeasedJobStore;

  constructor(
    private readonly db: PrismaClient,
    /** Told (after commit) the tenant whose provisioning moved (provisioning-publisher.ts). */
    private readonly publisher?: ProvisioningPublisher,
  ) {
    this.leases = tableLeases(db, 'tenant.provisioning_jobs', ACTIVE_JOB_STATUSES);
  }

  /** Tells the subscribers (graphql-ws, every edge) that the tenant's provisioning moved. */
  changed(tenantId: string): void {
    this.publisher?.changed(tenantId);
  }

  /** The tenant's job with its steps (in order), or null. */
  jobOf(tenantId: string): Promise<JobWithSteps | null> {
    return this.db.provisioningJob.findUnique({ where: { tenantId }, include: { steps: { orderBy: { ordinal: 'asc' } } } });
  }

  job(id: string): Promise<JobWithSteps | null> {
    return this.db.provisioningJob.findUnique({ where: { id }, include: { steps: { orderBy: { ordinal: 'asc' } } } });
  }

  /** A PENDING job with every step of the workflow PENDING (one transaction), claimed by `runner`. */
  async createJob(tenantId: string, actor: string, runner: string, leaseMs: number): Promise<JobRow> {
    const created = await this.db.$transaction(async (tx) => {
      const lockedUntil = new Date(Date.now() + leaseMs);
      const job = await tx.provisioningJob.create({ data: { tenantId, operation: 'PROVISION', status: 'PENDING', actor, lockedBy: runner, lockedUntil } });
      await tx.provisioningStep.createMany({ data: STEPS.map((s, i) => ({ jobId: job.id, tenantId, ordinal: i, phase: s.phase, name: s.name, status: 'PENDING' })) });
      await tx.provisioningEvent.create({ data: { jobId: job.id, tenantId, type: 'JOB_CREATED', message: 'provisioning requested' } });
      return job;
    });
    this.changed(tenantId);
    return created;
  }

  /**
   * Claims a job to run: one whose status is active and whose lease is free or expired, taken
   * with FOR UPDATE SKIP LOCKED so that two runners never claim the same job.
   */
  claim(runner: string, leaseMs: number, jobId?: string): Promise<JobClaim | null> {
    return this.leases.claim(runner, leaseMs, jobId);
  }

  /** Extends the lease; false when the runner no longer holds the job. */
  renew(jobId: string, runner: string, leaseMs: number): Promise<boolean> {
    return this.leases.renew(jobId, runner, leaseMs);
  }

  release(jobId: string, runner: string): Promise<void> {
    return this.leases.release(jobId, runner);
  }

  dueInMs(runner: string): Promise<number | null> {
    return this.leases.dueInMs(runner);
  }

  get channel(): string {
    return this.leases.channel;
  }

  /** Moves the job only from one of `from` (a concurrent request wins, this one gets false). */
  async moveJob(jobId: string, from: string[], data: Prisma.ProvisioningJobUpdateManyMutationInput, event?: JobEvent): Promise<boolean> {
    const moved = await this.db.$transaction((tx) => moveJobIn(tx, jobId, from, data, event));
    if (moved && event) this.changed(event.tenantId);
    return moved;
  }

  /** Updates one step and records an event with it. */
  async updateStep(step: StepRow, data: Prisma.ProvisioningStepUpdateInput, event: NewEvent): Promise<StepRow> {
    const [row] = await this.db.$transaction([
      this.db.provisioningStep.update({ where: { id: step.id }, data }),
      this.db.provisioningEvent.create({ data: { jobId: step.jobId, tenantId: step.tenantId, phase: step.phase, step: step.name, ...event } }),
    ]);
    this.changed(step.tenantId);
    return row;
  }

  /** Sets steps of a job back to PENDING (reprovision after its rollback: all). */
  resetSteps(jobId: string, statuses: string[]): Promise<void> {
    return resetStepsIn(this.db, jobId, statuses);
  }

  async event(jobId: string, tenantId: string, event: NewEvent): Promise<void> {
    await this.db.provisioningEvent.create({ data: { jobId, tenantId, ...event } });
    this.changed(tenantId);
  }

  events(tenantId: string, take: number): Promise<EventRow[]> {
    return this.db.provisioningEvent.findMany({ where: { tenantId }, orderBy: { id: 'desc' }, take });
  }

  step(tenantId: string, stepId: string): Promise<StepRow | null> {
    return this.db.provisioningStep.findFirst({ where: { id: stepId, tenantId } });
  }

  /** Mean duration of each step over completed runs (for the estimated completion). */
  async meanDurations(): Promise<Map<string, number>> {
    const rows = await this.db.provisioningStep.groupBy({ by: ['name'], where: { status: 'COMPLETED', durationMs: { not: null } }, _avg: { durationMs: true } });
    return new Map(rows.map((r) => [r.name, Math.round(r._avg.durationMs ?? 0)]));
  }

  /** Test-only fault injection: consumes one failure for the step (true when one was there). */
  consumeFault(slug: string, step: string): Promise<{ fail: boolean; delayMs: number }> {
    return consumeFault(this.db, slug, step);
  }
}
