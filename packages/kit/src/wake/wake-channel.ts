/**
 * A notice on a channel: its payload, or `null` when notices may have been lost (the channel's
 * connection was re-established): a subscriber must then assume that anything may have changed
 * (a loop looks for work, a cache is dropped).
 */
export type WakeHandler = (payload: string | null) => void;

/**
 * The platform's change channel: "something changed, look again" between processes. Notices are
 * hints, never the data, and may be lost; whoever depends on them also looks on its own, rarely
 * (a safety-net poll, a cache lifetime). Channel names are PostgreSQL identifiers
 * (`[a-z_][a-z0-9_]*`, at most 63 characters).
 */
export interface WakeChannel {
  /** Calls `onWake` on every notice of `channel` from any process, until the returned function is called. */
  subscribe(channel: string, onWake: WakeHandler): () => void;
  /** Sends a notice to every subscriber of `channel`, in every process (this one included). */
  notify(channel: string, payload?: string): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannelName(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
}

/**
 * The channel on which a table announces its changes: `dataplat_<schema>_<table>`. The triggers
 * of the queue tables (statement-level, `platform.notify_change()`, see docs/decisions.md
 * "Background work wakes on notices") send an empty notice on it when rows are inserted, in the
 * inserting transaction, so that every writer in any process wakes the consumers on commit.
 */
export function changeChannel(table: `${string}.${string}`): string {
  const channel = `dataplat_${table.replace('.', '_')}`;
  assertChannelName(channel);
  return channel;
}

/** The tables whose changes wake background loops (each with its trigger in the migration `wake_triggers`). */
export const CHANGE_CHANNELS = {
  auditIntake: changeChannel('audit.intake'),
  complianceReports: changeChannel('audit.compliance_reports'),
  retentionPolicies: changeChannel('audit.retention_policies'),
  notificationDeliveries: changeChannel('notification.deliveries'),
  notificationOutbox: changeChannel('platform.notification_outbox'),
  provisioningJobs: changeChannel('tenant.provisioning_jobs'),
  tenantMigrations: changeChannel('tenant.migrations'),
  connectorJobs: changeChannel('tenant.connector_jobs'),
  alertRules: changeChannel('tenant.alert_rules'),
} as const;

/** Handlers by channel, shared by the implementations. */
export class WakeSubscribers {
  private readonly handlers = new Map<string, Set<WakeHandler>>();

  /** Adds a handler; `onFirst` / `onLast` tell when a channel gains its first or loses its last. */
  add(channel: string, onWake: WakeHandler, onFirst: () => void, onLast: () => void): () => void {
    assertChannelName(channel);
    let set = this.handlers.get(channel);
    if (!set) {
      this.handlers.set(channel, (set = new Set()));
      onFirst();
    }
    const handler: WakeHandler = (p) => onWake(p);
    set.add(handler);
    return () => {
      if (!set.delete(handler) || set.size) return;
      this.handlers.delete(channel);
      onLast();
    };
  }

  get channels(): string[] {
    return [...this.handlers.keys()];
  }

  /** Calls every handler of `channel` (a throwing handler is reported and does not stop the others). */
  deliver(channel: string, payload: string | null, onError: (e: unknown) => void): void {
    for (const handler of [...(this.handlers.get(channel) ?? [])]) {
      try {
        handler(payload);
      } catch (e) {
        onError(e);
      }
    }
  }

  /** Tells every subscriber that notices may have been lost. */
  deliverGap(onError: (e: unknown, channel: string) => void): void {
    for (const channel of this.channels) this.deliver(channel, null, (e) => onError(e, channel));
  }
}

/**
 * The change channel within one process (tests, or a process without a database): notices go
 * to this process's subscribers only, asynchronously.
 */
export class LocalWakeChannel implements WakeChannel {
  private readonly subscribers = new WakeSubscribers();

  subscribe(channel: string, onWake: WakeHandler): () => void {
    return this.subscribers.add(channel, onWake, () => undefined, () => undefined);
  }

  async notify(channel: string, payload = ''): Promise<void> {
    assertChannelName(channel);
    queueMicrotask(() => this.subscribers.deliver(channel, payload, () => undefined));
  }

  /** Tells every subscriber that notices may have been lost (as a reconnecting channel does). */
  gap(): void {
    this.subscribers.deliverGap(() => undefined);
  }

  async close(): Promise<void> {}
}
