import type { Prisma, PrismaClient } from '@dataplat/db';
import type { AuditRecord, Logger } from '@dataplat/kit';
import type { AuditSink } from './audit-plugin';

/**
 * Writes audit records behind the requests that produced them: buffered in memory, flushed
 * in batches (every `intervalMs`, or at once when `batchSize` are waiting) into audit.intake
 * with one INSERT. A failed write is retried on the next flush; above `maxBuffered` records
 * the oldest are dropped and counted (logged), so a database outage never exhausts memory or
 * fails a request. `stop()` flushes what is left.
 */
export class AuditIntakeWriter implements AuditSink {
  private buffer: AuditRecord[] = [];
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private dropped = 0;

  constructor(
    private readonly db: PrismaClient,
    private readonly logger: Logger,
    private readonly opts: { intervalMs?: number; batchSize?: number; maxBuffered?: number } = {},
  ) {}

  record(record: AuditRecord): void {
    this.buffer.push(record);
    const max = this.opts.maxBuffered ?? 50_000;
    if (this.buffer.length > max) {
      this.buffer.splice(0, this.buffer.length - max);
      this.dropped++;
    }
    if (this.buffer.length >= (this.opts.batchSize ?? 200)) void this.flush();
    else this.schedule();
  }

  /** Writes everything buffered now (one INSERT per batch); concurrent calls share one run. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
      if (this.buffer.length) this.schedule();
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.opts.intervalMs ?? 100);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    const batchSize = this.opts.batchSize ?? 200;
    while (this.buffer.length) {
      const batch = this.buffer.slice(0, batchSize);
      try {
        await this.db.auditIntake.createMany({ data: batch.map(toRow) });
        this.buffer.splice(0, batch.length);
      } catch (e) {
        this.logger.error({ err: e, buffered: this.buffer.length }, 'audit intake write failed; retrying');
        return;
      }
    }
    if (this.dropped) {
      this.logger.error({ dropped: this.dropped }, 'audit intake buffer overflowed: oldest records dropped');
      this.dropped = 0;
    }
  }
}

const toRow = (r: AuditRecord): Prisma.AuditIntakeCreateManyInput => ({ ...r, details: r.details as Prisma.InputJsonObject });
