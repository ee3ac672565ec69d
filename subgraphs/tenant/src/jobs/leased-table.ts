import { Prisma, type PrismaClient } from '@dataplat/db';

/**
 * Claim, renewal and release of rows of a job table with a lease (`locked_by`,
 * `locked_until`, `status`, `created_at` columns). Shared by the provisioning jobs and the
 * connector jobs: a row is claimed with FOR UPDATE SKIP LOCKED so that two runners never hold
 * it together, and a row whose lease ran out (its runner died) can be claimed again.
 */
export class LeasedTable {
  private readonly table: Prisma.Sql;
  private readonly statuses: Prisma.Sql;

  /** `table` and `statuses` are code constants (never request input). */
  constructor(
    private readonly db: PrismaClient,
    table: string,
    activeStatuses: readonly string[],
  ) {
    this.table = Prisma.raw(table);
    this.statuses = Prisma.join(activeStatuses.map((s) => Prisma.sql`${s}`));
  }

  /** Claims one active row with a free or expired lease (or `jobId` only); its id and the previous holder. */
  async claim(runner: string, leaseMs: number, jobId?: string): Promise<{ id: string; previousOwner: string | null } | null> {
    const rows = await this.db.$queryRaw<{ id: string; previous: string | null }[]>(Prisma.sql`
      WITH candidate AS (
        SELECT id, locked_by FROM ${this.table}
        WHERE status IN (${this.statuses})
          AND (locked_until IS NULL OR locked_until < now())
          AND (${jobId ?? null}::uuid IS NULL OR id = ${jobId ?? null}::uuid)
        ORDER BY created_at
        FOR UPDATE SKIP LOCKED
        LIMIT 1
      )
      UPDATE ${this.table} j SET locked_by = ${runner}, locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
      FROM candidate WHERE j.id = candidate.id
      RETURNING j.id::text AS id, candidate.locked_by AS previous`);
    return rows[0] ? { id: rows[0].id, previousOwner: rows[0].previous } : null;
  }

  /** Extends the lease; false when the runner no longer holds the row. */
  async renew(jobId: string, runner: string, leaseMs: number): Promise<boolean> {
    const n = await this.db.$executeRaw(Prisma.sql`
      UPDATE ${this.table} SET locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
      WHERE id = ${jobId}::uuid AND locked_by = ${runner}`);
    return n > 0;
  }

  async release(jobId: string, runner: string): Promise<void> {
    await this.db.$executeRaw(Prisma.sql`UPDATE ${this.table} SET locked_by = NULL, locked_until = NULL WHERE id = ${jobId}::uuid AND locked_by = ${runner}`);
  }
}
