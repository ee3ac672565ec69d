import type { Prisma } from '@dataplat/db';
import type { Logger } from '@dataplat/kit';
import { LeasedJobRunner, type LeasedRunnerOptions } from '../jobs/leased-runner';
import { readMetadata, testConnection, type OpenedConfig } from './connector-probes';
import type { ConnectorRepository, ConnectorRow } from './connector.repository';

/** A RUNNING job found again after this many attempts (its runners kept dying) is FAILED. */
export const MAX_JOB_ATTEMPTS = 3;

/**
 * Runs connector TEST and SYNC jobs: QUEUED -> RUNNING -> SUCCEEDED or FAILED. The job row is
 * the durable state, claimed with a lease (LeasedJobRunner, FOR UPDATE SKIP LOCKED), so a job
 * queued or left RUNNING by a process that stopped is run by the sweep of any replica.
 * An unreachable target is a FAILED job with the reason, never an error of the request.
 */
export class ConnectorJobRunner extends LeasedJobRunner {
  constructor(
    private readonly repo: ConnectorRepository,
    private readonly open: (row: ConnectorRow) => OpenedConfig,
    logger: Logger,
    options: LeasedRunnerOptions = {},
  ) {
    super(repo.leases, logger, 'connector-runner', options);
  }

  protected async execute(jobId: string): Promise<void> {
    const job = await this.repo.job(jobId);
    if (!job || !['QUEUED', 'RUNNING'].includes(job.status)) return;
    if (job.attempts >= MAX_JOB_ATTEMPTS) {
      await this.repo.moveJob(job.id, this.id, ['QUEUED', 'RUNNING'], { status: 'FAILED', error: `abandoned after ${job.attempts} attempts`, finishedAt: new Date() });
      return;
    }
    const started = await this.repo.moveJob(job.id, this.id, ['QUEUED', 'RUNNING'], { status: 'RUNNING', startedAt: new Date(), attempts: { increment: 1 } });
    if (!started) return;
    const connector = await this.repo.find(job.tenantId, job.connectorId);
    if (!connector) return; // deleted meanwhile: its jobs went with it
    const now = () => new Date();
    try {
      if (job.kind === 'TEST') {
        const result = await testConnection(connector.type, this.open(connector));
        await this.repo.finishJob(job, this.id, { status: 'SUCCEEDED', result: result as Prisma.InputJsonValue, error: null, finishedAt: now() }, { health: 'HEALTHY', lastTestedAt: now() });
      } else {
        const { tables, truncated } = await readMetadata(connector.type, this.open(connector));
        const columns = tables.reduce((n, t) => n + t.columns.length, 0);
        const metadata = { syncedAt: now().toISOString(), truncated, tables } as unknown as Prisma.InputJsonValue;
        await this.repo.finishJob(job, this.id, { status: 'SUCCEEDED', result: { tables: tables.length, columns, truncated }, error: null, finishedAt: now() }, { metadata, lastSyncedAt: now() });
      }
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      const connectorData = job.kind === 'TEST' ? { health: 'UNHEALTHY', lastTestedAt: now() } : {};
      await this.repo.finishJob(job, this.id, { status: 'FAILED', error: error.slice(0, 2000), finishedAt: now() }, connectorData);
      this.logger.info({ tenantId: job.tenantId, connectorId: job.connectorId, kind: job.kind, error }, 'connector job failed');
    }
  }
}
