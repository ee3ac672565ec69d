import { CHANGE_CHANNELS, dueWorkLoop, type Logger, type PollingLoop, type WakeChannel } from '@dataplat/kit';
import type { AlertRepository } from './alert.repository';

/** The default safety net: how often the evaluator looks without a notice or a known due time. */
export const EVALUATOR_INTERVAL_MS = 30_000;

/**
 * The scheduled alert-rule evaluator of a tenant-service process: it sleeps until the earliest
 * enabled rule's evaluationPeriod has passed, then evaluates the rules that are due
 * (AlertRepository.evaluateDue, guarded by an advisory lock so that only one process evaluates at
 * a time; while another holds it, it looks again a second later). A rule created, enabled or
 * given another period wakes it (the table's trigger), so that it sleeps until the new due time.
 */
export class RuleEvaluator {
  private loop?: PollingLoop;

  constructor(private readonly repo: AlertRepository, private readonly logger: Logger, private readonly intervalMs = EVALUATOR_INTERVAL_MS) {}

  start(changes?: WakeChannel): void {
    if (this.loop) return;
    this.loop = dueWorkLoop({
      peek: () => this.repo.evaluationDueInMs(),
      work: async () => (await this.repo.evaluateDue()) > 0,
      intervalMs: this.intervalMs,
      log: this.logger,
      failure: 'alert rule evaluation failed',
      wake: changes ? { channel: changes, on: CHANGE_CHANNELS.alertRules } : undefined,
    });
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
    this.loop = undefined;
  }
}
