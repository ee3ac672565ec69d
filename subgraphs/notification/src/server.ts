import type { PrismaClient } from '@dataplat/db';
import { emailTransportFrom, PrincipalCodec, startSubgraphServer, UserDirectoryClient, type EmailTransport, type Logger, type RunningSubgraph, type WakeChannel } from '@dataplat/kit';
import { DeliveryDispatcher } from './delivery/dispatcher';
import { DeliveryRepository } from './delivery/deliveries.repository';
import { PlatformOutboxRelay } from './delivery/platform-outbox.relay';
import { PlatformOutboxRepository } from './delivery/platform-outbox.repository';
import { ChannelSenders } from './delivery/senders';
import { buildNotificationSchema } from './notification';
import type { NotificationConfig } from './settings';

export interface NotificationServerOptions {
  db: PrismaClient;
  /** The process's change channel: the dispatcher and the relay wake on their tables' notices. */
  changes: WakeChannel;
  config: NotificationConfig;
  logger: Logger;
  port: number;
  /** E-mail transport of e-mail channels (SMTP_URL, else the local mail directory). */
  email?: EmailTransport;
  /** The identity subgraph's GraphQL URL (a notification's recipient must be a user of its tenant). */
  identityUrl: string | (() => string);
}

/**
 * Starts the notification subgraph on its port (8085 by default; 0 picks a free one) and its
 * delivery dispatcher, stopped (after its batch in flight) when the server closes.
 */
export async function startNotification(opts: NotificationServerOptions): Promise<RunningSubgraph> {
  const principals = await PrincipalCodec.create(opts.config.JWT_SECRET);
  const users = new UserDirectoryClient('notification-service', principals, opts.identityUrl);
  const schema = await buildNotificationSchema({ db: opts.db, config: opts.config, users });
  const running = await startSubgraphServer({
    name: 'notification',
    schema,
    principals,
    logger: opts.logger,
    host: opts.config.HOST,
    port: opts.port,
  });
  const senders = new ChannelSenders(opts.email ?? emailTransportFrom(opts.config), opts.config.MAIL_FROM);
  const dispatcher = new DeliveryDispatcher(new DeliveryRepository(opts.db), senders, opts.config, opts.logger.child({ component: 'notification-dispatcher' }), opts.changes);
  dispatcher.start();
  // Other services queue messages in platform.notification_outbox; this service delivers them.
  const relay = new PlatformOutboxRelay(new PlatformOutboxRepository(opts.db), senders, opts.config, opts.logger.child({ component: 'platform-outbox-relay' }), opts.changes);
  relay.start();
  return {
    ...running,
    close: async () => {
      await relay.stop();
      await dispatcher.stop();
      await running.close();
    },
  };
}
