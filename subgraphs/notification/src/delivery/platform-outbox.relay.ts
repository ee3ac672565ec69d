import { CHANGE_CHANNELS, dueWorkLoop, secretBoxFor, type Logger, type PollingLoop, type SecretBox, type WakeChannel } from '@dataplat/kit';
import type { NotificationConfig } from '../settings';
import { backoffSeconds, MAX_DELIVERY_ATTEMPTS } from './backoff';
import { CHANNEL_SECRET_PURPOSE, describeSendError, LEASE_SECONDS } from './dispatcher';
import type { OutboxMessage, PlatformOutboxRepository } from './platform-outbox.repository';
import type { ChannelSenders, DeliveryTarget, SendOutcome } from './senders';

const BATCH = 20;

/**
 * Delivers what other services queue in platform.notification_outbox, so that they all send
 * through this service (docs/notification-service.md, "Messages from other services"):
 * EMAIL to its address through the e-mail transport; WEBHOOK and CHAT only to a channel the
 * tenant configured here (matched by URL, or by name for chat), signed with its secret, so no
 * other service can make the platform call an arbitrary URL. Retries with the same backoff as
 * channel deliveries; FAILED after MAX_DELIVERY_ATTEMPTS, or at once when no channel matches.
 * It wakes when a message is queued (the outbox's insert trigger notifies on commit, whichever
 * service wrote it) and when the next retry is due, and otherwise looks every `intervalMs`.
 */
export class PlatformOutboxRelay {
  private readonly loop: PollingLoop;
  private readonly box: SecretBox;

  constructor(
    private readonly repo: PlatformOutboxRepository,
    private readonly senders: ChannelSenders,
    private readonly config: NotificationConfig,
    private readonly log: Logger,
    changes: WakeChannel,
    intervalMs = config.BACKGROUND_POLL_INTERVAL,
  ) {
    this.box = secretBoxFor(config, CHANNEL_SECRET_PURPOSE);
    this.loop = dueWorkLoop({
      peek: () => repo.dueInMs(),
      work: async () => (await this.relayOnce()) > 0,
      intervalMs,
      log,
      failure: 'platform outbox relay failed',
      wake: { channel: changes, on: CHANGE_CHANNELS.notificationOutbox },
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sends one batch of due messages in parallel; returns how many it claimed. */
  async relayOnce(): Promise<number> {
    const claimed = await this.repo.claimDue(BATCH, LEASE_SECONDS);
    await Promise.all(claimed.map((m) => this.relay(m)));
    return claimed.length;
  }

  private async relay(message: OutboxMessage): Promise<boolean> {
    const target = await this.targetOf(message);
    if (typeof target === 'string') {
      await this.repo.record(message, { ok: false, error: target, nextAttemptAt: null });
      return false;
    }
    const attempt = message.attempts + 1;
    let outcome: SendOutcome;
    try {
      outcome = await this.senders.sendOutboxEvent(`outbox-${message.id}`, attempt, target, {
        id: `outbox-${message.id}`, type: message.template, tenantId: message.tenantId, createdAt: message.createdAt.toISOString(),
        subject: message.subject, body: message.body, data: message.payload,
      });
    } catch (e) {
      outcome = { ok: false, error: describeSendError(e) };
    }
    const retry = !outcome.ok && attempt < MAX_DELIVERY_ATTEMPTS;
    const nextAttemptAt = retry ? new Date(Date.now() + backoffSeconds(attempt, this.config.NOTIFICATION_RETRY_BASE) * 1000) : null;
    await this.repo.record(message, { ok: outcome.ok, error: outcome.error, nextAttemptAt });
    if (!outcome.ok) this.log.info({ outbox: String(message.id), attempt, error: outcome.error, retry }, 'platform outbox delivery failed');
    return outcome.ok;
  }

  /** Where the message goes, or why it cannot go anywhere (given up at once). */
  private async targetOf(message: OutboxMessage): Promise<DeliveryTarget | string> {
    if (message.channel === 'EMAIL') return { kind: 'EMAIL', url: null, recipients: [message.recipient], secret: null };
    const kind = message.channel as 'WEBHOOK' | 'CHAT';
    if (!message.tenantId) return `a ${kind} message needs a tenant`;
    const channel = await this.repo.channelFor(message.tenantId, kind, message.recipient);
    if (!channel) return `no enabled ${kind} channel of the tenant matches ${kind === 'WEBHOOK' ? 'this URL' : 'this name'}`;
    return { kind, url: channel.url, recipients: [], secret: channel.secretSealed ? this.box.open(channel.secretSealed, channel.id) : null };
  }
}
