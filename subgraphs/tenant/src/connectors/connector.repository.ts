import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Prisma, type PrismaClient } from '@dataplat/db';
import { tableLeases, type LeasedJobStore } from '../jobs/leased-runner';

export type ConnectorRow = Prisma.ConnectorGetPayload<object>;
export type ConnectorJobRow = Prisma.ConnectorJobGetPayload<object>;

/** Job statuses a runner works on (RUNNING: resumed when its runner died). */
export const ACTIVE_CONNECTOR_JOB_STATUSES = ['QUEUED', 'RUNNING'];

export interface NewConnector {
  name: string;
  type: string;
  description: string | null;
  config: Prisma.InputJsonValue;
  createdBy: string;
}

/** The only Prisma caller for connectors and their jobs; every query is filtered by tenant. */
export class ConnectorRepository {
  readonly leases: LeasedJobStore;

  constructor(private readonly db: PrismaClient) {
    this.leases = tableLeases(db, 'tenant.connector_jobs', ACTIVE_CONNECTOR_JOB_STATUSES);
  }

  list(tenantId: string, skip: number, take: number): Promise<[ConnectorRow[], number]> {
    return this.db.$transaction([
      this.db.connector.findMany({ where: { tenantId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip, take }),
      this.db.connector.count({ where: { tenantId } }),
    ]);
  }

  count(tenantId: string): Promise<number> {
    return this.db.connector.count({ where: { tenantId } });
  }

  find(tenantId: string, id: string): Promise<ConnectorRow | null> {
    return this.db.connector.findUnique({ where: { tenantId_id: { tenantId, id } } });
  }

  /**
   * Creates a connector unless the tenant already has `max` (null: no limit). Counting and
   * inserting run under a per-tenant advisory lock, so two concurrent creates cannot both pass.
   * `seal` gets the new id (the secrets are sealed with it as context). Returns null at the limit.
   */
  create(tenantId: string, c: NewConnector, max: number | null, seal: (id: string) => string | null): Promise<ConnectorRow | null> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`connectors:${tenantId}`}))`;
      if (max !== null && (await tx.connector.count({ where: { tenantId } })) >= max) return null;
      const id = randomUUID();
      return tx.connector.create({ data: { id, tenantId, ...c, sealedSecrets: seal(id) } });
    });
  }

  update(tenantId: string, id: string, data: Prisma.ConnectorUpdateInput): Promise<ConnectorRow> {
    return this.db.connector.update({ where: { tenantId_id: { tenantId, id } }, data });
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const { count } = await this.db.connector.deleteMany({ where: { tenantId, id } });
    return count > 0;
  }

  /** Every connector of the tenant removed (deprovisioning); their jobs go with them. */
  async deleteAll(tenantId: string): Promise<number> {
    return (await this.db.connector.deleteMany({ where: { tenantId } })).count;
  }

  /**
   * A QUEUED job of `kind`, unless one of that kind is QUEUED or RUNNING for the connector
   * (null then). The check and the insert hold a per-connector advisory lock.
   */
  async enqueue(tenantId: string, connectorId: string, kind: string, requestedBy: string): Promise<ConnectorJobRow | null> {
    try {
      return await this.db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`connector-job:${connectorId}:${kind}`}))`;
        const busy = await tx.connectorJob.count({ where: { tenantId, connectorId, kind, status: { in: ACTIVE_CONNECTOR_JOB_STATUSES } } });
        if (busy > 0) return null;
        return tx.connectorJob.create({ data: { tenantId, connectorId, kind, status: 'QUEUED', requestedBy } });
      });
    } catch (e) {
      // The partial unique index (one QUEUED or RUNNING job per connector and kind) has the last word.
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  job(id: string): Promise<ConnectorJobRow | null> {
    return this.db.connectorJob.findUnique({ where: { id } });
  }

  jobOf(tenantId: string, connectorId: string, id: string): Promise<ConnectorJobRow | null> {
    return this.db.connectorJob.findFirst({ where: { id, tenantId, connectorId } });
  }

  latestJob(tenantId: string, connectorId: string, kind: string): Promise<ConnectorJobRow | null> {
    return this.db.connectorJob.findFirst({ where: { tenantId, connectorId, kind }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  /** Moves the job only from one of `from` (held by `runner`); false when it was not there. */
  async moveJob(id: string, runner: string, from: string[], data: Prisma.ConnectorJobUpdateManyMutationInput): Promise<boolean> {
    const { count } = await this.db.connectorJob.updateMany({ where: { id, lockedBy: runner, status: { in: from } }, data });
    return count > 0;
  }

  /** Ends the job and records its outcome on the connector, in one transaction. */
  finishJob(job: ConnectorJobRow, runner: string, jobData: Prisma.ConnectorJobUpdateManyMutationInput, connectorData: Prisma.ConnectorUpdateManyMutationInput): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.connectorJob.updateMany({ where: { id: job.id, lockedBy: runner, status: 'RUNNING' }, data: jobData });
      if (count === 0) return false;
      await tx.connector.updateMany({ where: { tenantId: job.tenantId, id: job.connectorId }, data: connectorData });
      return true;
    });
  }
}
