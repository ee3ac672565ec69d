import type { Prisma } from '@dataplat/db';
import type { Logger } from '@dataplat/kit';
import { LeasedJobRunner, type LeasedRunnerOptions } from '../jobs/leased-runner';
import type { TenantRepository } from '../tenants/tenant.repository';
import { MIGRATION_TRANSITIONS } from './migration-lifecycle';
import { progressOf } from './migration-plan';
import { MigrationSteps, type MigrationTarget } from './migration-steps';
import type { MigrationRepository, MigrationWithSteps } from './migration.repository';

export interface MigrationRunnerOptions extends LeasedRunnerOptions {
  /** Honour rows of tenant.provisioning_faults with step `migration:<step name>` (only when NODE_ENV=test). */
  faultInjection?: boolean;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The durable job runner of migrations (docs/tenant-migrations.md "Runner"): an IN_PROGRESS
 * migration runs its steps not yet COMPLETED in order; a ROLLING_BACK one reverts its done steps
 * last first. State is in tenant.migrations / migration_steps, so a migration left behind by a
 * dead process is resumed from its current step by any runner once its lease runs out.
 */
export class MigrationRunner extends LeasedJobRunner {
  private readonly steps: MigrationSteps;

  constructor(
    private readonly repo: MigrationRepository,
    private readonly tenants: TenantRepository,
    logger: Logger,
    private readonly options: MigrationRunnerOptions = {},
  ) {
    super(repo.leases, logger, 'migration', options);
    this.steps = new MigrationSteps(repo);
  }

  protected async execute(id: string): Promise<void> {
    const m = await this.repo.byId(id);
    if (!m) return;
    const tenant = await this.tenants.find(m.tenantId);
    if (!tenant) return;
    if (m.status === 'IN_PROGRESS') await this.forward(m, tenant.slug);
    else if (m.status === 'ROLLING_BACK') await this.rollBack(m, tenant.slug);
  }

  private target(m: MigrationWithSteps, slug: string): MigrationTarget {
    return { tenantId: m.tenantId, slug, migration: m, steps: m.steps };
  }

  private async forward(m: MigrationWithSteps, slug: string): Promise<void> {
    const t = this.target(m, slug);
    let done = m.steps.filter((s) => s.status === 'COMPLETED').length;
    for (const step of m.steps) {
      if (step.status === 'COMPLETED') continue;
      if (!(await this.holds(m.id))) return;
      const started = new Date();
      const running = await this.repo.updateStep(step, { status: 'RUNNING', attempts: { increment: 1 }, startedAt: started, error: null }, { currentStep: step.name });
      try {
        const output = await this.apply(slug, running, t);
        const finished = new Date();
        done += 1;
        await this.repo.updateStep(running, { status: 'COMPLETED', completedAt: finished, durationMs: finished.getTime() - started.getTime(), output: output as Prisma.InputJsonValue }, { progressPercent: progressOf(done, m.steps.length) });
      } catch (e) {
        const error = `${step.name}: ${errorText(e)}`;
        await this.repo.updateStep(running, { status: 'FAILED', completedAt: new Date(), error: errorText(e) });
        this.logger.warn({ migrationId: m.id, step: step.name, error }, 'migration step failed');
        if (m.autoRollbackOnFailure) {
          await this.repo.move(m.tenantId, m.id, MIGRATION_TRANSITIONS.autoRollback.from, { status: 'ROLLING_BACK', error, failedAt: new Date(), rollbackStartedAt: new Date() });
          const again = await this.repo.byId(m.id);
          if (again?.status === 'ROLLING_BACK') await this.rollBack(again, slug);
        } else {
          await this.repo.move(m.tenantId, m.id, MIGRATION_TRANSITIONS.fail.from, { status: 'FAILED', error, failedAt: new Date(), currentStep: step.name });
        }
        return;
      }
    }
    const completedAt = new Date();
    const durationMs = m.startedAt ? completedAt.getTime() - m.startedAt.getTime() : null;
    await this.repo.move(m.tenantId, m.id, MIGRATION_TRANSITIONS.complete.from, { status: 'COMPLETED', completedAt, durationMs, progressPercent: 100, trafficPercent: 100, currentStep: null });
  }

  /** Reverts the steps that did something (COMPLETED, and FAILED or RUNNING ones that may have done part), last first. */
  private async rollBack(m: MigrationWithSteps, slug: string): Promise<void> {
    const t = this.target(m, slug);
    const undo = m.steps.filter((s) => ['COMPLETED', 'FAILED', 'RUNNING', 'ROLLING_BACK'].includes(s.status)).reverse();
    for (const step of undo) {
      if (!(await this.holds(m.id))) return;
      const rolling = await this.repo.updateStep(step, { status: 'ROLLING_BACK' }, { currentStep: `rollback:${step.name}` });
      try {
        if (this.options.faultInjection) await this.injected(slug, `rollback:${step.name}`);
        const output = await this.steps.revert(rolling, t);
        await this.repo.updateStep(rolling, { status: 'ROLLED_BACK', rolledBackAt: new Date(), output: { ...((step.output ?? {}) as object), rollback: output } as Prisma.InputJsonValue });
      } catch (e) {
        const error = `rollback of ${step.name}: ${errorText(e)}`;
        await this.repo.updateStep(rolling, { status: 'FAILED', error });
        await this.repo.move(m.tenantId, m.id, MIGRATION_TRANSITIONS.rollbackFailed.from, { status: 'FAILED', error, failedAt: new Date() });
        return;
      }
    }
    await this.repo.move(m.tenantId, m.id, MIGRATION_TRANSITIONS.rolledBack.from, { status: 'ROLLED_BACK', rolledBackAt: new Date(), trafficPercent: 0, currentStep: null });
  }

  private async apply(slug: string, step: MigrationWithSteps['steps'][number], t: MigrationTarget) {
    if (this.options.faultInjection) await this.injected(slug, step.name);
    return this.steps.apply(step, t);
  }

  private async injected(slug: string, step: string): Promise<void> {
    const fault = await this.repo.consumeFault(slug, step);
    if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault.fail) throw new Error('injected failure (test)');
  }
}
