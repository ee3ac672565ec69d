import type { Logger } from './logger';

export interface PollingLoopOptions {
  /** Run again at once, without the wait, when a run's result says there is more to do (e.g. `(n) => n > 0`). */
  again?: (result: unknown) => boolean;
  /** Wait before the first run (default 0). */
  initialDelayMs?: number;
}

/**
 * Runs `work` again `intervalMs` after each run ends (never two at once), until stopped; at
 * once instead when `options.again` says the run left more work. `stop()` waits for the run
 * in flight. A failed run is logged and the loop goes on.
 */
export class PollingLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log: Logger,
    private readonly failure: string,
    private readonly options: PollingLoopOptions = {},
  ) {}

  start(): void {
    const tick = () => {
      let busy = false;
      this.running = this.work()
        .then((result) => (busy = this.options.again?.(result) ?? false))
        .catch((e) => this.log.warn({ err: e }, this.failure))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, busy ? 0 : this.intervalMs);
        });
    };
    this.timer = setTimeout(tick, this.options.initialDelayMs ?? 0);
  }

  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = undefined;
    if (timer) clearTimeout(timer);
    await this.running;
  }
}
