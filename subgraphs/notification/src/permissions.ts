import { definePermissions } from '@dataplat/kit';

/** Every permission the notification subgraph checks; seeded by identity (docs/identity-users-roles.md). */
export const NOTIFICATIONS_READ = 'notifications:read';
export const NOTIFICATIONS_WRITE = 'notifications:write';
export const NOTIFICATIONS_SEND = 'notifications:send';
export const CHANNELS_READ = 'notification-channels:read';
export const CHANNELS_WRITE = 'notification-channels:write';

export const NOTIFICATION_PERMISSIONS = definePermissions('notification', [
  { name: NOTIFICATIONS_READ, description: 'Read the own notifications' },
  { name: NOTIFICATIONS_WRITE, description: 'Mark the own notifications read and delete them' },
  { name: NOTIFICATIONS_SEND, description: 'Send notifications to users of the tenant' },
  { name: CHANNELS_READ, description: 'Read notification channels and their deliveries' },
  { name: CHANNELS_WRITE, description: 'Create, change and delete notification channels' },
]);
