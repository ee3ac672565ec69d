import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient } from '@dataplat/db';
import { changeChannel, dueWorkLoop, type Logger, type PollingLoop, type WakeChannel } from '@dataplat/kit';

/** A claim on a durable job: its id and the runner that held it before (null if none). */
export interface JobClaim {
  id: string;
  previousOwner: string | null;
}

/** Where a runner claims, renews and releases its jobs (rows with `locked_by`, `locked_until`). */
export interface LeasedJobStore {
  /** Claims a runnable job (or `jobId` only) whose lease is free or expired; null if none. */
  claim(runner: string, leaseMs: number, jobId?: string): Promise<JobClaim | null>;
  /** Extends the lease; false when the runner no longer holds the job. */
  renew(jobId: string, runner: string, leaseMs: number): Promise<boolean>;
  release(jobId: string, runner: string): Promise<void>;
  /** In how many ms a job `runner` does not hold can next be claimed (≤ 0: now; at a lease's end); null: none runnable. */
  dueInMs(runner: string): Promise<number | null>;
  /** The change channel on which the table announces claimable jobs (inserted, or released). */
  readonly channel: string;
}

export interface LeasedRunnerOptions {
  /** How long a claim lasts without renewal; a dead runner's job is taken over after it. */
  leaseMs?: number;
  /**
   * The safety net: how often the runner looks for claimable jobs without a notice (default 30 s).
   * It wakes when a job is inserted or released (the table's triggers) and when a lease held by
   * another runner runs out (a dead process's job is taken over then).
   */
  sweepMs?: number;
}

/**
 * A job table's lease columns as a LeasedJobStore: `table` is a trusted constant such as
 * `tenant.migrations` (never input); jobs whose status is in `statuses` are runnable. The claim
 * takes the row with FOR UPDATE SKIP LOCKED, so two runners never claim the same job. The
 * table's triggers (migration `wake_triggers`) notify its change channel when jobs are inserted
 * or released.
 */
export function tableLeases(db: PrismaClient, table: `${string}.${string}`, statuses: readonly string[]): LeasedJobStore {
  if (!/^[a-z_]+\.[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  const t = Prisma.raw(table);
  return {
    channel: changeChannel(table),
    async dueInMs(runner) {
      const [row] = await db.$queryRaw<{ ms: number | null }[]>`
        SELECT (EXTRACT(EPOCH FROM min(coalesce(locked_until, now())) - now()) * 1000)::float8 AS ms FROM ${t}
         WHERE status IN (${Prisma.join([...statuses])}) AND locked_by IS DISTINCT FROM ${runner}`;
      return row?.ms ?? null;
    },
    async claim(runner, leaseMs, jobId) {
      const rows = await db.$queryRaw<{ id: string; previous: string | null }[]>`
        WITH candidate AS (
          SELECT id, locked_by FROM ${t}
          WHERE status IN (${Prisma.join([...statuses])})
            AND (locked_until IS NULL OR locked_until < now())
            AND (${jobId ?? null}::uuid IS NULL OR id = ${jobId ?? null}::uuid)
          ORDER BY created_at
          FOR UPDATE SKIP LOCKED
          LIMIT 1
        )
        UPDATE ${t} j SET locked_by = ${runner}, locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
        FROM candidate WHERE j.id = candidate.id
        RETURNING j.id::text AS id, candidate.locked_by AS previous`;
      return rows[0] ? { id: rows[0].id, previousOwner: rows[0].previous } : null;
    },
    async renew(jobId, runner, leaseMs) {
      const n = await db.$executeRaw`
        UPDATE ${t} SET locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
        WHERE id = ${jobId}::uuid AND locked_by = ${runner}`;
      return n > 0;
    },
    async release(jobId, runner) {
      await db.$executeRaw`UPDATE ${t} SET locked_by = NULL, locked_until = NULL WHERE id = ${jobId}::uuid AND locked_by = ${runner}`;
    },
  };
}

/**
 * A durable job runner: job state lives in the database; a job is claimed (lease renewed by a
 * heartbeat while it runs) so that two processes never run it together, and a job left behind
 * by a dead process is resumed when its lease runs out (by this process on start, or any
 * replica's sweep, which sleeps until then). Subclasses say what running a job means
 * (`execute`), resuming from the state they find.
 */
export abstract class LeasedJobRunner {
  readonly id = `runner-${randomUUID()}`;
  readonly leaseMs: number;
  private readonly sweepMs: number;
  private loop?: PollingLoop;
  private readonly running = new Set<Promise<void>>();
  protected stopped = false;

  constructor(
    protected readonly leases: LeasedJobStore,
    protected readonly logger: Logger,
    private readonly kind: string,
    options: LeasedRunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 10_000;
    this.sweepMs = options.sweepMs ?? 30_000;
  }

  /** Runs one claimed job from the state it is in (the heartbeat and release are done here). */
  protected abstract execute(jobId: string, previousOwner: string | null): Promise<void>;

  /**
   * Resumes what is left over, then sweeps whenever a job may be claimable: on the table's notices
   * (`changes`), when the earliest lease held elsewhere runs out, and every `sweepMs` (safety net).
   * Each claimed job runs in the background, so one long job does not hold the others up.
   */
  start(changes?: WakeChannel): void {
    this.stopped = false;
    this.loop = dueWorkLoop({
      peek: () => this.leases.dueInMs(this.id),
      work: async () => {
        const claim = this.stopped ? null : await this.leases.claim(this.id, this.leaseMs);
        if (claim) void this.track(this.held(claim.id, claim.previousOwner)).catch((e) => this.logger.error({ err: e, jobId: claim.id }, `${this.kind} job failed`));
        return claim !== null;
      },
      intervalMs: this.sweepMs,
      log: this.logger,
      failure: `${this.kind} sweep failed`,
      wake: changes ? { channel: changes, on: this.leases.channel } : undefined,
    });
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop?.stop();
    await Promise.allSettled([...this.running]);
  }

  /** Runs every job that can be claimed now (one after the other). */
  async sweep(): Promise<void> {
    while (!this.stopped) {
      const claim = await this.leases.claim(this.id, this.leaseMs);
      if (!claim) return;
      await this.track(this.held(claim.id, claim.previousOwner));
    }
  }

  /** Runs the job now if nobody else holds it (resolves when it stops: done, failed or taken). */
  async run(jobId: string): Promise<void> {
    const claim = await this.leases.claim(this.id, this.leaseMs, jobId);
    if (claim) await this.track(this.held(claim.id, claim.previousOwner));
  }

  /** Runs a job this runner already holds (created claimed). */
  async runClaimed(jobId: string): Promise<void> {
    await this.track(this.held(jobId, null));
  }

  /** Starts the job in the background (the request that asked for it answers at once). */
  kick(jobId: string): void {
    void this.run(jobId).catch((e) => this.logger.error({ err: e, jobId }, `${this.kind} job failed to run`));
  }

  /** True while this runner still holds the job (renews the lease); false when it must stop. */
  protected async holds(jobId: string): Promise<boolean> {
    return !this.stopped && (await this.leases.renew(jobId, this.id, this.leaseMs));
  }

  private async track(p: Promise<void>): Promise<void> {
    this.running.add(p);
    try {
      await p;
    } finally {
      this.running.delete(p);
    }
  }

  private async held(jobId: string, previousOwner: string | null): Promise<void> {
    const heartbeat = setInterval(() => void this.leases.renew(jobId, this.id, this.leaseMs).catch(() => undefined), Math.max(500, this.leaseMs / 3));
    heartbeat.unref();
    try {
      await this.execute(jobId, previousOwner);
    } finally {
      clearInterval(heartbeat);
      await this.leases.release(jobId, this.id).catch(() => undefined);
    }
  }
}

/**
 * Test-only fault injection (rows of tenant.provisioning_faults; callers honour it only when
 * NODE_ENV=test): consumes one fault of the step for the tenant slug, if any.
 */
export async function consumeFault(db: PrismaClient, slug: string, step: string): Promise<{ fail: boolean; delayMs: number }> {
  const rows = await db.$queryRaw<{ delay_ms: number; fail: boolean }[]>`
    UPDATE tenant.provisioning_faults SET remaining = remaining - 1
    WHERE slug = ${slug} AND step = ${step} AND remaining > 0
    RETURNING delay_ms, fail`;
  return rows[0] ? { fail: rows[0].fail, delayMs: rows[0].delay_ms } : { fail: false, delayMs: 0 };
}
