import type { Prisma } from '@dataplat/db';
import type { Logger } from '@dataplat/kit';
import { LeasedJobRunner, type LeasedRunnerOptions } from '../jobs/leased-runner';
import { nextStatus, type TenantAction } from '../tenants/tenant-lifecycle';
import type { TenantRepository, TenantRow } from '../tenants/tenant.repository';
import { toSettings } from '../tenants/tenant.model';
import { stepNamed, type Provisioners, type ProvisioningTarget, type StepOutput } from './provisioning-steps';
import { moveJobIn, type JobEvent, type JobWithSteps, type ProvisioningRepository, type StepRow } from './provisioning.repository';

export interface RunnerOptions extends LeasedRunnerOptions {
  /** Honour rows of tenant.provisioning_faults (only when NODE_ENV=test). */
  faultInjection?: boolean;
}

/** Service name recorded as the actor of the tenant status moves the runner makes. */
export const RUNNER_ACTOR = 'provisioning';

/**
 * The durable job runner of the provisioning workflow (claiming, lease, sweep and resumption:
 * LeasedJobRunner). Job and step state live in the database; a job left IN_PROGRESS or
 * ROLLING_BACK by a dead process is resumed from its current step when the lease runs out (by
 * this process on start, or any replica's sweep).
 */
export class ProvisioningRunner extends LeasedJobRunner {
  constructor(
    private readonly repo: ProvisioningRepository,
    private readonly tenants: TenantRepository,
    private readonly provisioners: Provisioners,
    logger: Logger,
    private readonly options: RunnerOptions = {},
  ) {
    super(repo, logger, 'provisioning', options);
  }

  protected async execute(jobId: string, previousOwner: string | null): Promise<void> {
    let job = (await this.repo.job(jobId))!;
    const tenant = await this.tenants.find(job.tenantId);
    if (!tenant) return;
    if (job.status !== 'PENDING' && previousOwner && previousOwner !== this.id) {
      await this.repo.event(job.id, job.tenantId, { type: 'JOB_RESUMED', message: `resumed by ${this.id} after ${previousOwner} stopped` });
    }
    if (job.status === 'PENDING') {
      await this.repo.moveJob(job.id, ['PENDING'], { status: 'IN_PROGRESS', startedAt: new Date(), finishedAt: null, error: null }, { tenantId: job.tenantId, type: 'JOB_STARTED', message: 'provisioning started' });
      job = (await this.repo.job(jobId))!;
    }
    if (job.status === 'ROLLING_BACK') {
      if (!(await this.rollBack(job, target(tenant)))) return;
      job = (await this.repo.job(jobId))!;
    }
    if (job.status === 'IN_PROGRESS') await this.forward(job, tenant);
  }

  /** Runs the steps not yet COMPLETED, in order; a failure stops the job (FAILED, tenant FAILED). */
  private async forward(job: JobWithSteps, tenant: TenantRow): Promise<void> {
    const t = target(tenant);
    for (const step of job.steps) {
      if (step.status === 'COMPLETED') continue;
      if (!(await this.holds(job.id))) return;
      const started = new Date();
      const running = await this.repo.updateStep(step, { status: 'RUNNING', attempts: { increment: 1 }, startedAt: started, error: null }, { type: 'STEP_STARTED', message: `${step.name} started` });
      try {
        const output = await this.apply(tenant.slug, running, t);
        const done = new Date();
        await this.repo.updateStep(running, { status: 'COMPLETED', completedAt: done, durationMs: done.getTime() - started.getTime(), output: output as Prisma.InputJsonValue }, { type: 'STEP_COMPLETED', message: `${step.name} completed` });
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        await this.repo.updateStep(running, { status: 'FAILED', completedAt: new Date(), error }, { type: 'STEP_FAILED', message: `${step.name} failed: ${error}` });
        await this.finish(job.id, 'IN_PROGRESS', { status: 'FAILED', error: `${step.name}: ${error}`, finishedAt: new Date() }, { tenantId: job.tenantId, type: 'JOB_FAILED', message: `provisioning failed at ${step.name}`, phase: step.phase, step: step.name }, 'fail', `provisioning failed at ${step.name}: ${error}`);
        this.logger.warn({ tenantId: tenant.id, step: step.name, error }, 'provisioning step failed');
        return;
      }
    }
    await this.finish(job.id, 'IN_PROGRESS', { status: 'COMPLETED', finishedAt: new Date() }, { tenantId: job.tenantId, type: 'JOB_COMPLETED', message: 'provisioning completed' }, 'complete', null, { activatedAt: new Date() });
  }

  /**
   * Reverses the steps that made something (COMPLETED, and FAILED or RUNNING ones that may have
   * made part of it), last first. Then ROLLED_BACK, or for a reprovision a fresh start.
   */
  private async rollBack(job: JobWithSteps, t: ProvisioningTarget): Promise<boolean> {
    const undo = job.steps.filter((s) => ['COMPLETED', 'FAILED', 'RUNNING', 'ROLLING_BACK'].includes(s.status)).reverse();
    for (const step of undo) {
      if (!(await this.holds(job.id))) return false;
      const rolling = await this.repo.updateStep(step, { status: 'ROLLING_BACK' }, { type: 'STEP_ROLLING_BACK', message: `${step.name} rolling back` });
      try {
        await stepNamed(step.name).revert(this.provisioners, t, (step.output ?? {}) as StepOutput);
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        await this.repo.updateStep(rolling, { status: 'FAILED', error: `rollback: ${error}` }, { type: 'STEP_ROLLBACK_FAILED', message: `${step.name} could not be rolled back: ${error}` });
        const jobFailed = { status: 'FAILED', error: `rollback of ${step.name}: ${error}`, finishedAt: new Date() };
        const event = { tenantId: job.tenantId, type: 'JOB_FAILED', message: `rollback failed at ${step.name}` };
        if (job.restartAfterRollback) await this.finish(job.id, 'ROLLING_BACK', jobFailed, event, 'fail', `rollback failed at ${step.name}: ${error}`);
        else await this.repo.moveJob(job.id, ['ROLLING_BACK'], jobFailed, event);
        return false;
      }
      await this.repo.updateStep(rolling, { status: 'ROLLED_BACK', rolledBackAt: new Date() }, { type: 'STEP_ROLLED_BACK', message: `${step.name} rolled back` });
    }
    if (job.restartAfterRollback) {
      await this.repo.resetSteps(job.id, ['ROLLED_BACK', 'PENDING']);
      await this.repo.moveJob(job.id, ['ROLLING_BACK'], { status: 'IN_PROGRESS', restartAfterRollback: false, startedAt: new Date(), finishedAt: null, error: null }, { tenantId: job.tenantId, type: 'JOB_RESTARTED', message: 'rolled back; provisioning again from the first step' });
      return true;
    }
    await this.repo.moveJob(job.id, ['ROLLING_BACK'], { status: 'ROLLED_BACK', finishedAt: new Date() }, { tenantId: job.tenantId, type: 'JOB_ROLLED_BACK', message: 'every provisioned resource was removed' });
    return false;
  }

  private async apply(slug: string, step: StepRow, t: ProvisioningTarget): Promise<StepOutput> {
    if (this.options.faultInjection) {
      const fault = await this.repo.consumeFault(slug, step.name);
      if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (fault.fail) throw new Error('injected failure (test)');
    }
    return stepNamed(step.name).apply(this.provisioners, t);
  }

  /**
   * Ends the job and moves the tenant (through the state machine, the single authority on
   * moves) in one transaction. If the tenant moved on meanwhile (e.g. deprovisioned), the job
   * still ends and the tenant stays where it is.
   */
  private async finish(jobId: string, from: string, jobData: Prisma.ProvisioningJobUpdateManyMutationInput, event: JobEvent, action: TenantAction, reason: string | null, data?: Prisma.TenantUpdateManyMutationInput): Promise<void> {
    const row = await this.tenants.find(event.tenantId);
    try {
      if (!row) throw new Error('tenant not found');
      const to = nextStatus(row.status, action);
      const moved = await this.tenants.moveStatus(row.id, { from: row.status, to, reason, actor: RUNNER_ACTOR, data }, async (tx) => {
        await moveJobIn(tx, jobId, [from], jobData, event);
      });
      if (moved) return;
      throw new Error('tenant status changed concurrently');
    } catch (e) {
      this.logger.warn({ tenantId: event.tenantId, action, status: row?.status, err: e }, 'tenant status not moved by provisioning');
      await this.repo.moveJob(jobId, [from], jobData, event);
    }
  }
}

export function target(row: TenantRow): ProvisioningTarget {
  return { id: row.id, slug: row.slug, plan: row.plan, tier: row.tier, region: row.region, dedicatedIngress: toSettings(row.settings).dedicatedIngress };
}
