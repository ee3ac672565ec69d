import type { Logger } from './logger';

/**
 * A background task run every `intervalMs` (and once at start), one run at a time in this
 * process; `stop()` waits for the run in flight. Runs across replicas must be safe on their own
 * (locks, unique keys): this only schedules.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly name: string,
    private readonly run: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  /** One run now, unless one is in flight; failures are logged, never thrown. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.run().catch((err) => this.logger.error({ err, task: this.name }, 'periodic task failed'));
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
