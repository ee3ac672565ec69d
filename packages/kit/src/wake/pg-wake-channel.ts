import pg from 'pg';
import { onCommittedNotice } from './committed-notices';
import type { Logger } from '../logger';
import { assertChannelName, WakeSubscribers, type WakeChannel, type WakeHandler } from './wake-channel';

export interface PgWakeChannelOptions {
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** `application_name` of the connection (how it shows in pg_stat_activity). */
  applicationName?: string;
  /** Reconnect delays: the first, doubled per failed attempt up to the last (default 250 ms to 30 s). */
  reconnectMs?: { first: number; max: number };
}

/**
 * The change channel on PostgreSQL LISTEN/NOTIFY: ONE dedicated connection per process (a pooled
 * connection cannot hold a LISTEN), shared by every subscriber of the process; a channel is
 * LISTENed while it has subscribers. A notice sent inside a transaction (`pg_notify`, or a
 * table's trigger) is delivered on commit, to every process, and never for a rollback.
 *
 * On a lost connection it reconnects with backoff, LISTENs again and then calls every subscriber
 * once with `null`, since notices sent meanwhile are lost. The connection uses TCP keepalive, so
 * a silently dead peer is noticed too.
 */
export class PgWakeChannel implements WakeChannel {
  private readonly subscribers = new WakeSubscribers();
  private client?: pg.Client;
  /** Channels LISTENed on the current connection. */
  private listening = new Set<string>();
  private stopped = false;
  private attempt = 0;
  private timer?: NodeJS.Timeout;

  private readonly stopLocal: () => void;

  constructor(
    private readonly connectionString: string,
    private readonly options: PgWakeChannelOptions = {},
  ) {
    // What this process commits is heard here at once, not only after the LISTEN round trip.
    this.stopLocal = onCommittedNotice((channel, payload) => this.deliver(channel, payload));
  }

  /** A started channel (see start). */
  static async open(connectionString: string, options: PgWakeChannelOptions = {}): Promise<PgWakeChannel> {
    const channel = new PgWakeChannel(connectionString, options);
    await channel.start();
    return channel;
  }

  /** Connects and LISTENs on the channels subscribed so far; rejects when the first connection fails. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** True while the LISTEN connection is up. */
  get connected(): boolean {
    return this.client !== undefined;
  }

  subscribe(channel: string, onWake: WakeHandler): () => void {
    return this.subscribers.add(
      channel,
      onWake,
      () => this.sync(),
      () => this.sync(),
    );
  }

  /**
   * Sends a notice over the LISTEN connection. While it is down, only this process's subscribers
   * hear it (the others' safety nets cover them), and a warning is logged.
   */
  async notify(channel: string, payload = ''): Promise<void> {
    assertChannelName(channel);
    const client = this.client;
    if (client) {
      try {
        await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
        return;
      } catch (e) {
        this.options.logger?.warn({ err: e, channel }, 'notify failed; only this process hears it');
      }
    } else this.options.logger?.warn({ channel }, 'notification connection down; only this process hears the notice');
    this.deliver(channel, payload);
  }

  async close(): Promise<void> {
    this.stopLocal();
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private deliver(channel: string, payload: string | null): void {
    this.subscribers.deliver(channel, payload, (e) => this.options.logger?.warn({ err: e, channel }, 'notification handler failed'));
  }

  /** LISTENs on channels that gained subscribers and UNLISTENs those that lost them (commands queue on the client). */
  private sync(): void {
    const client = this.client;
    if (!client) return;
    const wanted = new Set(this.subscribers.channels);
    for (const channel of wanted) {
      if (this.listening.has(channel)) continue;
      this.listening.add(channel);
      client.query(`LISTEN ${channel}`).catch((e) => this.lost(client, e));
    }
    for (const channel of [...this.listening]) {
      if (wanted.has(channel)) continue;
      this.listening.delete(channel);
      client.query(`UNLISTEN ${channel}`).catch((e) => this.lost(client, e));
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: this.options.applicationName ?? 'dataplat-listener',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (msg) => {
      if (client === this.client) this.deliver(msg.channel, msg.payload ?? '');
    });
    let dead = false;
    client.on('error', (e) => ((dead = true), this.lost(client, e)));
    client.on('end', () => ((dead = true), this.lost(client)));
    await client.connect();
    const channels = this.subscribers.channels;
    try {
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
      if (dead) throw new Error('the notification connection ended while it was being set up');
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.listening = new Set(channels);
    this.attempt = 0;
    // Subscribed while the channels above were being LISTENed.
    this.sync();
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.stopped || client !== this.client) return;
    this.client = undefined;
    this.listening = new Set();
    this.options.logger?.warn({ err: error }, 'notification connection lost; reconnecting');
    client.end().catch(() => undefined);
    this.retry();
  }

  private retry(): void {
    if (this.stopped || this.timer) return;
    const { first, max } = this.options.reconnectMs ?? { first: 250, max: 30_000 };
    const delay = Math.min(max, first * 2 ** this.attempt++);
    this.timer = setTimeout(async () => {
      this.timer = undefined;
      try {
        await this.connect();
        if (!this.client) return;
        this.options.logger?.info({}, 'notification connection restored');
        this.subscribers.deliverGap((e, channel) => this.options.logger?.warn({ err: e, channel }, 'notification handler failed'));
      } catch (e) {
        this.options.logger?.warn({ err: e }, 'notification reconnect failed');
        this.retry();
      }
    }, delay);
    this.timer.unref();
  }
}
