import { randomUUID } from 'node:crypto';
import type { Logger } from '@dataplat/kit';

/** What a leased runner needs from its job table (see LeasedTable). */
export interface LeaseStore {
  claim(runner: string, leaseMs: number, jobId?: string): Promise<{ id: string; previousOwner: string | null } | null>;
  renew(jobId: string, runner: string, leaseMs: number): Promise<boolean>;
  release(jobId: string, runner: string): Promise<void>;
}

export interface LeasedRunnerOptions {
  /** How long a claim lasts without renewal; a dead runner's job is taken over after it. */
  leaseMs?: number;
  /** How often the runner looks for jobs nobody holds (queued, or orphaned by a dead process). */
  sweepMs?: number;
}

/**
 * The loop of a durable job runner: job state lives in the database, a job is claimed with a
 * lease (renewed by a heartbeat while it runs) so that two processes never run it together,
 * and jobs left over by a dead process are picked up by the periodic sweep of any replica.
 * Subclasses say what running a claimed job means (`execute`).
 */
export abstract class LeasedJobRunner {
  readonly id: string;
  readonly leaseMs: number;
  private readonly sweepMs: number;
  private timer?: NodeJS.Timeout;
  private readonly running = new Set<Promise<void>>();
  protected stopped = false;

  constructor(
    protected readonly leases: LeaseStore,
    protected readonly logger: Logger,
    name: string,
    options: LeasedRunnerOptions = {},
  ) {
    this.id = `${name}-${randomUUID()}`;
    this.leaseMs = options.leaseMs ?? 10_000;
    this.sweepMs = options.sweepMs ?? 2_000;
  }

  /** Runs one claimed job to its end (or until the lease is lost / the runner stops). */
  protected abstract execute(jobId: string, previousOwner: string | null): Promise<void>;

  /** Resumes what is left over, then keeps sweeping. */
  start(): void {
    this.stopped = false;
    const sweep = () => void this.sweep().catch((e) => this.logger.error({ err: e, runner: this.id }, 'job sweep failed'));
    sweep();
    this.timer = setInterval(sweep, this.sweepMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }

  /** Runs every job that can be claimed now. */
  async sweep(): Promise<void> {
    while (!this.stopped) {
      const claim = await this.leases.claim(this.id, this.leaseMs);
      if (!claim) return;
      await this.track(this.held(claim.id, claim.previousOwner));
    }
  }

  /** Runs the job now if nobody else holds it (resolves when it stops). */
  async run(jobId: string): Promise<void> {
    const claim = await this.leases.claim(this.id, this.leaseMs, jobId);
    if (claim) await this.track(this.held(claim.id, claim.previousOwner));
  }

  /** Runs a job this runner already holds (created claimed). */
  async runClaimed(jobId: string): Promise<void> {
    await this.track(this.held(jobId, null));
  }

  /** Starts the job in the background (the request answers at once). */
  kick(jobId: string): void {
    void this.run(jobId).catch((e) => this.logger.error({ err: e, jobId }, 'job failed to run'));
  }

  /** Extends this runner's lease on the job; false when it lost it. */
  protected renew(jobId: string): Promise<boolean> {
    return this.leases.renew(jobId, this.id, this.leaseMs);
  }

  private async track(p: Promise<void>): Promise<void> {
    this.running.add(p);
    try {
      await p;
    } finally {
      this.running.delete(p);
    }
  }

  /** Runs `execute` with a heartbeat renewing the lease, and releases the job after. */
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
