import { CHANGE_CHANNELS, PollingLoop, type Logger, type WakeChannel } from '@dataplat/kit';
import type { ChainRepository } from './chain.repository';

/** Intake rows appended per transaction. */
export const CHAIN_BATCH = 1000;

/**
 * The chainer: a background loop that drains audit.intake into the hash-chained log, one
 * batch per transaction, at once again while there is more. It wakes when the intake announces
 * new rows (its insert trigger notifies CHANGE_CHANNELS.auditIntake on commit) and otherwise
 * looks only every `intervalMs` (AUDIT_CHAIN_INTERVAL, the safety net for a lost notice).
 */
export function startChainer(repo: ChainRepository, changes: WakeChannel, intervalMs: number, log: Logger): PollingLoop {
  const loop = new PollingLoop(() => repo.appendBatch(CHAIN_BATCH), intervalMs, log, 'audit chainer failed', {
    again: (n) => (n as number) > 0,
    wake: { channel: changes, on: CHANGE_CHANNELS.auditIntake },
  });
  loop.start();
  return loop;
}
