import type { PrismaClient } from '@dataplat/db';
import type { AuditRecord, Logger } from '@dataplat/kit';
import type { AuditSink } from './audit-plugin';
import { deadLetterRow, errorMessageOf, isRecordError, storableRecord, type IntakeRow } from './audit-storable';

export interface AuditIntakeOptions {
  /** Write-behind delay (ms). */
  intervalMs?: number;
  /** Records per INSERT. */
  batchSize?: number;
  /** Records kept in memory while the database is away; beyond it the oldest are dropped (counted, logged). */
  maxBuffered?: number;
  /** Longest wait between two attempts while the database refuses every write (ms). */
  maxBackoffMs?: number;
  /** While records are dropped, at most one error line per this many ms sums them up. */
  dropLogIntervalMs?: number;
}

/** What the writer has done since the edge started (GET /internal/metrics, /readyz). */
export interface AuditIntakeStats {
  /** `ok`, or `retrying` while the database refuses every write (an outage: retried with backoff). */
  status: 'ok' | 'retrying';
  /** Records waiting in memory (the backlog). */
  buffered: number;
  written: number;
  /** Written with characters PostgreSQL cannot hold replaced (details.sanitised). */
  sanitised: number;
  /** Refused by the database and set aside in audit.intake_dead_letters. */
  deadLettered: number;
  /** Lost: dropped on a full buffer during an outage, or left unwritten at shutdown. Each loss is logged. */
  dropped: number;
  /** Failed write attempts (outage retries). */
  failedWrites: number;
  lastError: { message: string; at: string } | null;
}

interface Pending {
  row: IntakeRow;
  /** The record as received, when sanitising changed it (for the dead letter). */
  raw?: AuditRecord;
}

/**
 * Writes audit records behind the requests that produced them: buffered in memory, flushed
 * in batches (every `intervalMs`, or at once when `batchSize` are waiting) into audit.intake
 * with one INSERT (docs/audit-service.md "Never slows or fails the request").
 *
 * - Strings PostgreSQL cannot store (NUL, lone surrogates) are replaced (audit-storable.ts).
 * - A batch the database refuses for a data reason is bisected: the records it accepts are
 *   written, in order, each one it refuses is set aside in audit.intake_dead_letters (logged,
 *   counted). One bad record never holds up the ones behind it.
 * - Any other failure (the database is away) keeps the records and retries with backoff;
 *   above `maxBuffered` the oldest are dropped: counted, and logged at once (then summed up
 *   every `dropLogIntervalMs`), as are records still unwritten when `stop()` gives up.
 */
export class AuditIntakeWriter implements AuditSink {
  private buffer: Pending[] = [];
  private inFlight = 0;
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  /** Consecutive failed attempts, and when the next may start. */
  private failures = 0;
  private retryAt = 0;
  private readonly counts = { written: 0, sanitised: 0, deadLettered: 0, dropped: 0, failedWrites: 0 };
  private lastError: AuditIntakeStats['lastError'] = null;
  /** Lost records not yet logged: how many, a few examples, and when the last error line went out. */
  private unloggedCount = 0;
  private unloggedExamples: Pending[] = [];
  private dropsLoggedAt = 0;

  constructor(
    private readonly db: PrismaClient,
    private readonly logger: Logger,
    private readonly opts: AuditIntakeOptions = {},
  ) {}

  record(record: AuditRecord): void {
    const { row, sanitised } = storableRecord(record);
    if (sanitised.length) this.counts.sanitised++;
    this.buffer.push(sanitised.length ? { row, raw: record } : { row });
    this.trim();
    if (this.buffer.length >= this.batchSize && Date.now() >= this.retryAt) void this.flush();
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

  /** Stops the timer and writes what is left (one attempt, whatever the backoff); what cannot be written is reported lost. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    this.retryAt = 0;
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.buffer.length) this.drop(this.buffer.splice(0), 'audit intake stopped with records it could not write: they are lost');
    this.logDrops('audit intake buffer full: oldest records dropped');
  }

  stats(): AuditIntakeStats {
    return { status: this.failures ? 'retrying' : 'ok', buffered: this.buffer.length + this.inFlight, ...this.counts, lastError: this.lastError };
  }

  private get batchSize(): number {
    return this.opts.batchSize ?? 200;
  }

  private schedule(): void {
    if (this.timer) return;
    const delay = Math.max(this.opts.intervalMs ?? 100, this.retryAt - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    while (this.buffer.length && Date.now() >= this.retryAt) {
      const batch = this.buffer.splice(0, this.batchSize);
      this.inFlight = batch.length;
      let done = 0;
      try {
        done = await this.insert(batch);
      } catch (e) {
        this.failed(e); // not a database answer (insert() handles those): kept and retried all the same
      } finally {
        this.inFlight = 0;
        if (done < batch.length) this.buffer.unshift(...batch.slice(done));
      }
      if (done < batch.length) {
        this.trim();
        return;
      }
      if (this.failures) this.logger.info({ buffered: this.buffer.length, after: this.failures }, 'audit intake writes restored');
      this.failures = 0;
      this.retryAt = 0;
    }
    if (this.unloggedCount) this.logDrops('audit intake buffer full: oldest records dropped');
  }

  /**
   * Inserts `batch` with one statement; when the database refuses it for a data reason, each
   * half again, down to the single record, which is set aside. Returns how many records
   * from the start of the batch are dealt with (written or set aside): fewer on an outage.
   */
  private async insert(batch: Pending[]): Promise<number> {
    try {
      await this.db.auditIntake.createMany({ data: batch.map((p) => p.row) });
      this.counts.written += batch.length;
      return batch.length;
    } catch (e) {
      if (!isRecordError(e)) {
        this.failed(e);
        return 0;
      }
      if (batch.length === 1) return (await this.deadLetter(batch[0], e)) ? 1 : 0;
      const half = Math.ceil(batch.length / 2);
      const first = await this.insert(batch.slice(0, half));
      return first < half ? first : half + (await this.insert(batch.slice(half)));
    }
  }

  /** Sets a refused record aside in audit.intake_dead_letters; false when that write fails too (an outage). */
  private async deadLetter(pending: Pending, cause: unknown): Promise<boolean> {
    const record = pending.raw ?? (pending.row as unknown as AuditRecord);
    const letter = deadLetterRow(record, cause);
    try {
      await this.db.auditIntakeDeadLetter.create({ data: letter });
    } catch (e) {
      if (!isRecordError(e)) {
        this.failed(e);
        return false;
      }
      // Cannot happen with a text-only row; if it does, the record is still reported, not kept forever.
      this.drop([pending], 'audit record refused by the database, and its dead letter too: lost');
      return true;
    }
    this.counts.deadLettered++;
    this.logger.error(
      { eventId: letter.eventId, tenantId: letter.tenantId, action: letter.action, reason: letter.error, errorCode: letter.errorCode, deadLettered: this.counts.deadLettered },
      'audit record refused by the database: set aside in audit.intake_dead_letters',
    );
    return true;
  }

  private failed(e: unknown): void {
    this.counts.failedWrites++;
    this.failures++;
    const delay = Math.min(this.opts.maxBackoffMs ?? 5_000, (this.opts.intervalMs ?? 100) * 2 ** Math.min(this.failures - 1, 16));
    this.retryAt = Date.now() + delay;
    this.lastError = { message: errorMessageOf(e), at: new Date().toISOString() };
    this.logger.error({ err: e, buffered: this.buffer.length + this.inFlight, attempt: this.failures, retryInMs: delay }, 'audit intake write failed; retrying');
  }

  /** Keeps the buffer within maxBuffered by dropping the oldest records. */
  private trim(): void {
    const excess = this.buffer.length - (this.opts.maxBuffered ?? 50_000);
    if (excess > 0) this.drop(this.buffer.splice(0, excess));
  }

  /** Counts lost records; logs them at once, or summed up at most every dropLogIntervalMs. */
  private drop(records: Pending[], message?: string): void {
    this.counts.dropped += records.length;
    this.unloggedCount += records.length;
    this.unloggedExamples.push(...records.slice(0, Math.max(0, 5 - this.unloggedExamples.length)));
    if (message) this.logDrops(message);
    else if (Date.now() - this.dropsLoggedAt >= (this.opts.dropLogIntervalMs ?? 10_000)) this.logDrops('audit intake buffer full: oldest records dropped');
  }

  private logDrops(message: string): void {
    if (!this.unloggedCount) return;
    const examples = this.unloggedExamples.map(({ row }) => ({ eventId: row.eventId, tenantId: row.tenantId, action: row.action, occurredAt: row.occurredAt }));
    this.logger.error({ lost: this.unloggedCount, droppedTotal: this.counts.dropped, buffered: this.buffer.length + this.inFlight, examples, lastError: this.lastError?.message }, message);
    this.unloggedExamples = [];
    this.unloggedCount = 0;
    this.dropsLoggedAt = Date.now();
  }
}
