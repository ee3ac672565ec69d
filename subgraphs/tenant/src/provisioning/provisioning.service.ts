import { DomainError, ErrorCode, isUuid, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import { nextStatus, type TenantAction } from '../tenants/tenant-lifecycle';
import type { TenantRepository } from '../tenants/tenant.repository';
import type { TenantService } from '../tenants/tenant.service';
import { phasesOf, progressOf, timelineOf, toEventRecord, toStepRecord } from './provisioning-report';
import type { ProvisioningRunner } from './provisioning-runner';
import { moveJobIn, resetStepsIn, type JobWithSteps, type ProvisioningRepository } from './provisioning.repository';
import type { ProvisioningDetailedStatus, ProvisioningEventRecord, ProvisioningPhase, ProvisioningStatus, ProvisioningStepRecord, ProvisioningTimeline } from './provisioning.type';

const RUNNING = ['PENDING', 'IN_PROGRESS', 'ROLLING_BACK'];

/**
 * The provisioning workflow of a tenant (docs/tenant-provisioning.md): reads of its job, and
 * retry, rollback and reprovision, which move the job and the tenant (through the tenant state
 * machine) and hand the job to the runner; they answer at once with the status (202).
 */
export class ProvisioningService {
  constructor(
    private readonly repo: ProvisioningRepository,
    private readonly tenantRepo: TenantRepository,
    private readonly tenants: TenantService,
    private readonly runner: ProvisioningRunner,
  ) {}

  async status(caller: Principal, tenantId: string): Promise<ProvisioningStatus> {
    return this.statusOf(await this.jobFor(caller, tenantId));
  }

  async detailed(caller: Principal, tenantId: string): Promise<ProvisioningDetailedStatus> {
    const job = await this.jobFor(caller, tenantId);
    const [means, events] = await Promise.all([this.repo.meanDurations(), this.repo.events(job.tenantId, 20)]);
    return { tenantId: job.tenantId, jobId: job.id, operation: job.operation, progress: progressOf(job), phases: phasesOf(job.steps), timeline: timelineOf(job, means), recentEvents: events.map(toEventRecord) };
  }

  async phases(caller: Principal, tenantId: string): Promise<ProvisioningPhase[]> {
    return phasesOf((await this.jobFor(caller, tenantId)).steps);
  }

  async timeline(caller: Principal, tenantId: string): Promise<ProvisioningTimeline> {
    const job = await this.jobFor(caller, tenantId);
    return timelineOf(job, await this.repo.meanDurations());
  }

  async events(caller: Principal, tenantId: string, limit: number): Promise<ProvisioningEventRecord[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'limit must be 1 to 200', { field: 'limit' });
    const job = await this.jobFor(caller, tenantId);
    return (await this.repo.events(job.tenantId, limit)).map(toEventRecord);
  }

  async steps(caller: Principal, tenantId: string): Promise<ProvisioningStepRecord[]> {
    return (await this.jobFor(caller, tenantId)).steps.map(toStepRecord);
  }

  async step(caller: Principal, tenantId: string, stepId: string): Promise<ProvisioningStepRecord> {
    const job = await this.jobFor(caller, tenantId);
    const key = stepId.toLowerCase();
    const step = isUuid(key) ? await this.repo.step(job.tenantId, key) : null;
    if (!step) throw new DomainError(TenantError.PROVISIONING_STEP_NOT_FOUND);
    return toStepRecord(step);
  }

  /** Resumes from the failed step: the job IN_PROGRESS again, the tenant FAILED to PROVISIONING. */
  async retry(caller: Principal, tenantId: string): Promise<ProvisioningStatus> {
    const job = await this.jobFor(caller, tenantId);
    this.assertIdle(job);
    if (job.status !== 'FAILED' || !job.steps.some((s) => s.status === 'FAILED')) throw new DomainError(TenantError.PROVISIONING_NOTHING_TO_RETRY, undefined, { status: job.status });
    const failed = job.steps.find((s) => s.status === 'FAILED')!;
    return this.restart(caller, job, 'retry', 'RETRY', ['FAILED'], { status: 'IN_PROGRESS', error: null, finishedAt: null }, `retry from ${failed.name}`, ['FAILED']);
  }

  /** Reverses every resource made, last first: the job ROLLING_BACK then ROLLED_BACK, the tenant FAILED. */
  async rollback(caller: Principal, tenantId: string): Promise<ProvisioningStatus> {
    const job = await this.jobFor(caller, tenantId);
    this.assertIdle(job);
    if (job.status === 'ROLLED_BACK') throw new DomainError(TenantError.PROVISIONING_NOTHING_TO_ROLL_BACK);
    return this.restart(caller, job, 'rollback', 'ROLLBACK', ['FAILED', 'COMPLETED'], { status: 'ROLLING_BACK', restartAfterRollback: false, error: null, finishedAt: null }, 'rollback requested');
  }

  /** Rollback, then a fresh start from the first step: the tenant PROVISIONING until it ends. */
  async reprovision(caller: Principal, tenantId: string): Promise<ProvisioningStatus> {
    const job = await this.jobFor(caller, tenantId);
    this.assertIdle(job);
    return this.restart(caller, job, 'reprovision', 'REPROVISION', ['FAILED', 'COMPLETED', 'ROLLED_BACK'], { status: 'ROLLING_BACK', restartAfterRollback: true, error: null, finishedAt: null }, 'reprovision requested');
  }

  /**
   * Moves the tenant (state machine) and the job from one of `from` in one transaction (a
   * concurrent request that got there first makes this one 409), then hands the job to the runner.
   */
  private async restart(caller: Principal, job: JobWithSteps, action: TenantAction, operation: string, from: string[], data: { status: string; restartAfterRollback?: boolean; error: null; finishedAt: null }, message: string, resetSteps?: string[]): Promise<ProvisioningStatus> {
    const tenant = (await this.tenantRepo.find(job.tenantId))!;
    const to = nextStatus(tenant.status, action);
    const moved = await this.tenantRepo.moveStatus(job.tenantId, { from: tenant.status, to, reason: message, actor: caller.subject }, async (tx) => {
      if (resetSteps) await resetStepsIn(tx, job.id, resetSteps);
      const ok = await moveJobIn(tx, job.id, from, { ...data, operation, actor: caller.subject }, { tenantId: job.tenantId, type: `${operation}_REQUESTED`, message: `${message} by ${caller.subject}` });
      if (!ok) throw new DomainError(TenantError.PROVISIONING_BUSY, undefined, { status: job.status });
    });
    if (!moved) throw new DomainError(TenantError.TENANT_ILLEGAL_TRANSITION, undefined, { status: (await this.tenantRepo.find(job.tenantId))?.status, action });
    this.repo.changed(job.tenantId);
    this.runner.kick(job.id);
    return this.statusOf((await this.repo.job(job.id))!);
  }

  private assertIdle(job: JobWithSteps): void {
    if (RUNNING.includes(job.status)) throw new DomainError(TenantError.PROVISIONING_BUSY, undefined, { status: job.status });
  }

  private async statusOf(job: JobWithSteps): Promise<ProvisioningStatus> {
    const tenant = await this.tenantRepo.find(job.tenantId);
    const p = progressOf(job);
    return { tenantId: job.tenantId, jobId: job.id, operation: job.operation, status: p.status, tenantStatus: tenant?.status ?? 'UNKNOWN', percentComplete: p.percentComplete, currentPhase: p.currentPhase, currentStep: p.currentStep, error: job.error, startedAt: job.startedAt, finishedAt: job.finishedAt, updatedAt: job.updatedAt };
  }

  /** The tenant's job, if the caller may see the tenant (TenantService decides: 404 otherwise). */
  private async jobFor(caller: Principal, tenantId: string): Promise<JobWithSteps> {
    const tenant = await this.tenants.get(caller, tenantId);
    const job = await this.repo.jobOf(tenant.id);
    if (!job) throw new DomainError(TenantError.PROVISIONING_NOT_FOUND);
    return job;
  }
}
