import type { ProvisioningRunner } from './provisioning-runner';
import type { ProvisioningRepository } from './provisioning.repository';

/** What tenant creation needs of provisioning: start the job of a new tenant and run it. */
export interface ProvisioningStarter {
  /** Creates the tenant's job and runs it to its end (COMPLETED: tenant ACTIVE; FAILED: tenant FAILED). */
  provision(tenantId: string, actor: string): Promise<void>;
}

export function provisioningStarter(repo: ProvisioningRepository, runner: ProvisioningRunner): ProvisioningStarter {
  return {
    async provision(tenantId, actor) {
      // Created already claimed by this runner, so that no sweep takes it first.
      const job = await repo.createJob(tenantId, actor, runner.id, runner.leaseMs);
      await runner.runClaimed(job.id);
    },
  };
}
