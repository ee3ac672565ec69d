import type { Logger } from './logger';

/**
 * A background job of a subgraph that runs `work` again and again: after a round that did
 * something (`work` returned a truthy count) at once, otherwise after `intervalMs`. Failures
 * are logged and retried next round. `stop()` waits for the round in flight.
 */
export class BackgroundLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private active = false;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<number | boolean | void>,
    private readonly intervalMs: number,
    private readonly log: Logger,
  ) {}

  start(initialDelayMs = 0): void {
    this.active = true;
    this.schedule(initialDelayMs);
  }

  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delay: number): void {
    if (!this.active) return;
    this.timer = setTimeout(() => {
      let busy = false;
      this.running = this.work()
        .then((done) => (busy = !!done))
        .catch((e) => this.log.warn({ err: e }, `${this.name} failed`))
        .finally(() => this.schedule(busy ? 0 : this.intervalMs));
    }, delay);
  }
}
