import type { Logger } from './logger';

/**
 * Runs `work` again `intervalMs` after each run ends (never two at once), until stopped.
 * `stop()` waits for the run in flight. A failed run is logged and the loop goes on.
 */
export class PollingLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log: Logger,
    private readonly failure: string,
  ) {}

  start(): void {
    const tick = () => {
      this.running = this.work()
        .catch((e) => this.log.warn({ err: e }, this.failure))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.intervalMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = undefined;
    if (timer) clearTimeout(timer);
    await this.running;
  }
}
