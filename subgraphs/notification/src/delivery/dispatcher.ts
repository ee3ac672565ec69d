import { CHANGE_CHANNELS, dueWorkLoop, secretBoxFor, type Logger, type PollingLoop, type SecretBox, type WakeChannel } from '@dataplat/kit';
import type { NotificationConfig } from '../settings';
import { backoffSeconds, MAX_DELIVERY_ATTEMPTS } from './backoff';
import type { ClaimedDelivery, DeliveryRepository } from './deliveries.repository';
import { WEBHOOK_TIMEOUT_MS, type ChannelSenders, type SendOutcome } from './senders';

/** SecretBox purpose of channel signing secrets (the channel id is the AAD). */
export const CHANNEL_SECRET_PURPOSE = 'notification-channel-secret-v1';
/** A claimed delivery is retried after this long if its dispatcher dies mid-send. */
export const LEASE_SECONDS = Math.ceil(WEBHOOK_TIMEOUT_MS / 1000) * 6;
const BATCH = 10;

/**
 * The delivery loop of the notification subgraph: claims due outbox rows (FOR UPDATE SKIP
 * LOCKED, so replicas share the work), sends each through its channel outside any
 * transaction, records the attempt (status, response code, latency, error) and schedules a
 * retry with exponential backoff, or marks the delivery FAILED after MAX_DELIVERY_ATTEMPTS.
 * It wakes when deliveries are queued (the table's insert trigger notifies on commit) and when
 * the next retry is due, and otherwise looks every `intervalMs` (the safety net).
 */
export class DeliveryDispatcher {
  private readonly loop: PollingLoop;
  private readonly box: SecretBox;

  constructor(
    private readonly repo: DeliveryRepository,
    private readonly senders: ChannelSenders,
    private readonly config: NotificationConfig,
    private readonly log: Logger,
    changes: WakeChannel,
    intervalMs = config.BACKGROUND_POLL_INTERVAL,
  ) {
    this.box = secretBoxFor(config, CHANNEL_SECRET_PURPOSE);
    this.loop = dueWorkLoop({
      peek: () => repo.dueInMs(),
      work: async () => (await this.dispatchOnce()) > 0,
      intervalMs,
      log,
      failure: 'notification dispatch failed',
      wake: { channel: changes, on: CHANGE_CHANNELS.notificationDeliveries },
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sends one batch of due deliveries in parallel; returns how many it claimed. */
  async dispatchOnce(): Promise<number> {
    const claimed = await this.repo.claimDue(BATCH, LEASE_SECONDS);
    await Promise.all(claimed.map((d) => this.deliver(d)));
    return claimed.length;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<boolean> {
    const channel = await this.repo.channel(delivery.tenantId, delivery.channelId);
    if (!channel || !channel.enabled) {
      await this.repo.abandon(delivery.id, channel ? 'channel disabled' : 'channel deleted');
      return false;
    }
    const attempt = delivery.attempts + 1;
    const started = performance.now();
    let outcome: SendOutcome;
    try {
      const secret = channel.secretSealed ? this.box.open(channel.secretSealed, channel.id) : null;
      outcome = await this.senders.send(String(delivery.id), attempt, { kind: channel.kind, url: channel.url, recipients: channel.recipients, secret }, delivery.payload);
    } catch (e) {
      outcome = { ok: false, error: describeSendError(e) };
    }
    const latencyMs = Math.round(performance.now() - started);
    const retry = !outcome.ok && attempt < MAX_DELIVERY_ATTEMPTS;
    const nextAttemptAt = retry ? new Date(Date.now() + backoffSeconds(attempt, this.config.NOTIFICATION_RETRY_BASE) * 1000) : null;
    await this.repo.record(delivery, { ...outcome, latencyMs, nextAttemptAt });
    if (!outcome.ok) this.log.info({ delivery: String(delivery.id), attempt, responseCode: outcome.responseCode, error: outcome.error, retry }, 'notification delivery failed');
    return outcome.ok;
  }
}

/** A thrown send error as one line (timeouts and socket causes named). */
export function describeSendError(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError') return `timed out after ${WEBHOOK_TIMEOUT_MS} ms`;
  const cause = err?.cause?.code ?? err?.cause?.message;
  return [err?.message ?? String(e), cause].filter(Boolean).join(': ');
}
