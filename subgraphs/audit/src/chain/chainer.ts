import { PollingLoop, type Logger } from '@dataplat/kit';
import type { ChainRepository } from './chain.repository';

/** Intake rows appended per transaction. */
export const CHAIN_BATCH = 1000;

/**
 * The chainer: a background loop that drains audit.intake into the hash-chained log, one
 * batch per transaction, at once again while there is more, else every `intervalMs`.
 */
export function startChainer(repo: ChainRepository, intervalMs: number, log: Logger): PollingLoop {
  const loop = new PollingLoop(() => repo.appendBatch(CHAIN_BATCH), intervalMs, log, 'audit chainer failed', { again: (n) => (n as number) > 0 });
  loop.start();
  return loop;
}
