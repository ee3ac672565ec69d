import type { Logger } from '@dataplat/kit';
import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * LISTENs on PostgreSQL channels over one dedicated connection (a pooled connection cannot
 * hold a LISTEN). On a lost connection it reconnects with backoff and then calls
 * `onReconnect`: notifications sent while it was away are lost, so caches fed by it must
 * be dropped then. Any edge component may subscribe a channel (API keys, token blocklist).
 */
export class PgListener {
  private client?: pg.Client;
  private stopped = false;
  private attempt = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly handlers: Record<string, NotificationHandler>,
    private readonly options: { logger?: Pick<Logger, 'warn' | 'info'>; onReconnect?: () => void } = {},
  ) {
    for (const channel of Object.keys(handlers)) if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
  }

  /** Connects and LISTENs; rejects when the first connection fails. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'dataplat-edge-listener' });
    client.on('notification', (msg) => {
      const handler = this.handlers[msg.channel];
      if (!handler) return;
      try {
        handler(msg.payload ?? '');
      } catch (e) {
        this.options.logger?.warn({ err: e, channel: msg.channel }, 'notification handler failed');
      }
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    await client.connect();
    try {
      for (const channel of Object.keys(this.handlers)) await client.query(`LISTEN ${channel}`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    this.client = client;
    this.attempt = 0;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.stopped || client !== this.client) return;
    this.client = undefined;
    this.options.logger?.warn({ err: error }, 'notification connection lost; reconnecting');
    client.end().catch(() => undefined);
    this.retry();
  }

  private retry(): void {
    if (this.stopped || this.timer) return;
    const delay = Math.min(30_000, 250 * 2 ** this.attempt++);
    this.timer = setTimeout(async () => {
      this.timer = undefined;
      try {
        await this.connect();
        this.options.logger?.info({}, 'notification connection restored');
        this.options.onReconnect?.();
      } catch (e) {
        this.options.logger?.warn({ err: e }, 'notification reconnect failed');
        this.retry();
      }
    }, delay);
    this.timer.unref();
  }
}
