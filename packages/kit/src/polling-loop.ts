import type { Logger } from './logger';
import type { WakeChannel } from './wake/wake-channel';

/** What wakes a loop: notices on any of `on` (see WakeChannel, CHANGE_CHANNELS). */
export interface WakeSource {
  channel: WakeChannel;
  on: string | readonly string[];
}

export interface PollingLoopOptions {
  /** Run again at once, without the wait, when a run's result says there is more to do (e.g. `(n) => n > 0`). */
  again?: (result: unknown) => boolean;
  /** Wait before the first run (default 0). */
  initialDelayMs?: number;
  /**
   * Run at once on a notice (bursts coalesce into one run; a notice during a run makes one more
   * run right after it). `intervalMs` is then only the safety net for lost notices.
   */
  wake?: WakeSource;
  /**
   * In how many milliseconds the next known work is due, read from a run's result (e.g. the
   * earliest retry, as the database computes it); null or undefined: none known. The loop sleeps
   * until then, but never longer than `intervalMs` nor shorter than MIN_DUE_WAIT_MS.
   */
  dueInMs?: (result: unknown) => number | null | undefined;
  /**
   * The safety-net wait is shortened at random by up to this fraction of `intervalMs` (default
   * 0.1), so that loops and replicas started together do not poll together: their polls then
   * share one pooled connection one after the other instead of opening several at once.
   */
  jitter?: number;
}

/** The shortest sleep until work said to be due (so a due row another process holds is not asked for in a spin). */
export const MIN_DUE_WAIT_MS = 100;
/** The first wait after a failed run; doubled per failure in a row, up to the interval. */
export const FIRST_RETRY_MS = 1_000;

/**
 * Runs `work` until stopped, never two runs at once. After a run it waits `intervalMs` before the
 * next, or less: not at all when `options.again` says the run left more work or a notice arrived
 * meanwhile, until the due time `options.dueInMs` reads from the result. A notice
 * (`options.wake`) ends the wait at once. `stop()` waits for the run in flight. A failed run is
 * logged and retried after FIRST_RETRY_MS, doubling up to `intervalMs`.
 */
export class PollingLoop {
  private timer?: NodeJS.Timeout;
  /** When the pending timer fires (epoch ms). */
  private timerAt = Infinity;
  private running?: Promise<void>;
  private stopped = true;
  /** A notice arrived during the run in flight. */
  private rerun = false;
  private failures = 0;
  private unsubscribe: Array<() => void> = [];

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log: Logger,
    private readonly failure: string,
    private readonly options: PollingLoopOptions = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const wake = this.options.wake;
    if (wake) {
      for (const channel of typeof wake.on === 'string' ? [wake.on] : wake.on) this.unsubscribe.push(wake.channel.subscribe(channel, () => this.wake()));
    }
    this.schedule(this.options.initialDelayMs ?? 0);
  }

  /** Runs as soon as possible: now if idle, right after the run in flight otherwise. Calls coalesce. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.rerun = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    this.clearTimer();
    await this.running;
  }

  /** Sets the timer to fire in `ms`, unless it is already set to fire sooner. */
  private schedule(ms: number): void {
    const at = Date.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    this.clearTimer();
    this.timerAt = at;
    this.timer = setTimeout(() => this.tick(), ms);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }

  private tick(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    this.rerun = false;
    this.running = this.round().then((wait) => {
      this.running = undefined;
      if (!this.stopped) this.schedule(this.rerun ? 0 : wait);
    });
  }

  /** One run; resolves to the wait before the next. */
  private async round(): Promise<number> {
    try {
      const wait = this.waitAfter(await this.work());
      this.failures = 0;
      return wait;
    } catch (e) {
      this.log.warn({ err: e }, this.failure);
      return Math.min(this.intervalMs, FIRST_RETRY_MS * 2 ** this.failures++);
    }
  }

  private waitAfter(result: unknown): number {
    if (this.options.again?.(result)) return 0;
    const safetyNet = Math.round(this.intervalMs * (1 - (this.options.jitter ?? 0.1) * Math.random()));
    const due = this.options.dueInMs?.(result);
    if (due === null || due === undefined || !Number.isFinite(due)) return safetyNet;
    return Math.min(safetyNet, Math.max(MIN_DUE_WAIT_MS, Math.ceil(due)));
  }
}

/** The wait after a round whose work found nothing although `peek` said it was due (another process took it). */
export const CONTENDED_RETRY_MS = 1_000;

export interface DueWorkOptions {
  /** In how many milliseconds the next work is due, as the database computes it (≤ 0: now; null: none). One cheap query. */
  peek: () => Promise<number | null>;
  /** Does the work that is due (or a batch of it); resolves whether it found any. */
  work: () => Promise<boolean>;
  /** The safety net: the longest sleep without a notice. */
  intervalMs: number;
  log: Logger;
  /** The log message of a failed round. */
  failure: string;
  wake?: WakeSource;
  initialDelayMs?: number;
  jitter?: number;
}

const WORKED = Symbol('worked');

/**
 * The loop of a queue consumer with work due now or later (retries, leases, schedules): each
 * round first asks `peek` when the next work is due. Due now: `work` runs and the loop goes again
 * at once (until `peek` says nothing is due). Due later: it sleeps until then (at most
 * `intervalMs`) or until a notice. An idle round is therefore one query.
 */
export function dueWorkLoop(o: DueWorkOptions): PollingLoop {
  const round = async (): Promise<number | null | typeof WORKED> => {
    const due = await o.peek();
    if (due === null || due > 0) return due;
    return (await o.work()) ? WORKED : CONTENDED_RETRY_MS;
  };
  return new PollingLoop(round, o.intervalMs, o.log, o.failure, {
    wake: o.wake,
    initialDelayMs: o.initialDelayMs,
    jitter: o.jitter,
    again: (r) => r === WORKED,
    dueInMs: (r) => (typeof r === 'number' ? r : null),
  });
}
