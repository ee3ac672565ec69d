import type { PrismaClient } from '@dataplat/db';
import type { Logger } from '@dataplat/kit';
import type { EmailTransport } from './email-transport';

export const MAX_ATTEMPTS = 8;
/** Delay before attempt n+1: 30 s, 1 min, 2 min, ... capped at 1 h. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

interface Claimed {
  id: bigint;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Delivers queued notifications. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number
 * of dispatchers (replicas) share the work without sending a message twice; a failure is
 * retried with exponential backoff and marked FAILED after MAX_ATTEMPTS. SMS goes through the
 * SMS provider interface once the MFA issue adds one; until then SMS rows stay queued.
 */
export class OutboxDispatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly db: PrismaClient,
    private readonly email: EmailTransport,
    private readonly from: string,
    private readonly log: Logger,
    private readonly intervalMs = 500,
  ) {}

  start(): void {
    const tick = () => {
      this.running = this.dispatchOnce()
        .then(() => undefined)
        .catch((e) => this.log.warn({ err: e }, 'outbox dispatch failed'))
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

  /** Sends one batch of due e-mails; returns how many were sent. */
  async dispatchOnce(batch = 20): Promise<number> {
    return this.db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Claimed[]>`
        SELECT id, channel, recipient, subject, body, attempts
          FROM platform.notification_outbox
         WHERE status = 'PENDING' AND channel = 'EMAIL' AND next_attempt_at <= now()
         ORDER BY id
         LIMIT ${batch}
           FOR UPDATE SKIP LOCKED`;
      let sent = 0;
      for (const row of rows) {
        try {
          await this.email.send({ from: this.from, to: row.recipient, subject: row.subject, text: row.body }, String(row.id));
          await tx.notificationOutbox.update({ where: { id: row.id }, data: { status: 'SENT', sentAt: new Date(), attempts: row.attempts + 1, lastError: null } });
          sent++;
        } catch (e) {
          const attempts = row.attempts + 1;
          await tx.notificationOutbox.update({
            where: { id: row.id },
            data: {
              attempts,
              lastError: String((e as Error).message ?? e).slice(0, 500),
              status: attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
              nextAttemptAt: new Date(Date.now() + backoffSeconds(attempts) * 1000),
            },
          });
        }
      }
      return sent;
    });
  }
}
