import type { Logger } from '@dataplat/kit';
import type { AlertRepository } from './alert.repository';

export const EVALUATOR_INTERVAL_MS = 10_000;

/**
 * The scheduled alert-rule evaluator of a tenant-service process: every interval it evaluates
 * the rules whose evaluationPeriod has passed (AlertRepository.evaluateDue, guarded by an
 * advisory lock so that only one process evaluates at a time).
 */
export class RuleEvaluator {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly repo: AlertRepository, private readonly logger: Logger, private readonly intervalMs = EVALUATOR_INTERVAL_MS) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async tick(): Promise<number> {
    if (this.running) return 0;
    const run = this.repo.evaluateDue().catch((e) => {
      this.logger.error({ err: e }, 'alert rule evaluation failed');
      return 0;
    });
    this.running = run;
    try {
      return await run;
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
