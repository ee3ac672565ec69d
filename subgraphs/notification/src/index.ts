export { buildNotificationSchema, type NotificationDeps } from './notification';
export { startNotification, type NotificationServerOptions } from './server';
export { signWebhook, verifyWebhookSignature, SIGNATURE_HEADER } from './delivery/signature';
export { notificationSubgraph } from './subgraph';
export { notificationSettings, type NotificationConfig } from './settings';
export { NotificationError } from './errors';
