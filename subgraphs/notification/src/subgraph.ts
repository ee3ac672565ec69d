import type { PrismaClient } from '@dataplat/db';
import { defineSubgraph, SCHEMA_ONLY } from '@dataplat/kit';
import { buildNotificationSchema } from './notification';
import { startNotification } from './server';
import { notificationSettings } from './settings';
import { NotificationError } from './errors';
import { NOTIFICATION_PERMISSIONS } from './permissions';

/** The notification subgraph and its delivery dispatchers (docs/notification-service.md). */
export const notificationSubgraph = defineSubgraph<PrismaClient, typeof notificationSettings>({
  name: 'notification',
  defaultPort: 8085,
  peers: { identity: 'for the recipients of notifications' },
  settings: notificationSettings,
  databaseSchemas: ['notification'],
  permissions: NOTIFICATION_PERMISSIONS,
  errors: NotificationError,
  start: (ctx) => startNotification({ ...ctx, identityUrl: ctx.peerUrl('identity') }),
  buildSchema: (config) => buildNotificationSchema({ db: SCHEMA_ONLY, config }),
});
