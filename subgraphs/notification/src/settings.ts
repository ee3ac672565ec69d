import { setting, type SubgraphConfig } from '@dataplat/kit';

export const notificationSettings = {
  NOTIFICATION_RETRY_BASE: setting
    .duration('30s')
    .describe('Wait before the first retry of a failed channel delivery; doubled per attempt up to 1 h, 8 attempts (docs/notification-service.md).'),
};

export type NotificationConfig = SubgraphConfig<typeof notificationSettings>;
