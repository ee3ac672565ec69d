import { body, defineRoutes, param, query } from '../../route-spec';

const ID = { id: param('id') };
const TAG = 'Notifications';

/** Spec 2, "Notification service": the caller's own notifications (docs/notification-service.md). */
const inboxRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/notifications', tag: TAG, summary: "The caller's notifications, newest first, paginated (filters: unread, category)",
    auth: 'bearer', operation: 'notification/inbox/notifications', variables: { page: query('page'), size: query('size'), unread: query('unread'), category: query('category') }, result: 'notifications',
  },
  {
    method: 'GET', path: '/api/v1/notifications/{id}', tag: TAG, summary: "One of the caller's notifications",
    auth: 'bearer', operation: 'notification/inbox/notification', variables: ID, result: 'notification',
  },
  {
    method: 'PUT', path: '/api/v1/notifications/{id}/read', tag: TAG, summary: 'Mark a notification read (idempotent)',
    auth: 'bearer', operation: 'notification/inbox/mark-notification-read', variables: ID, result: 'markNotificationRead',
  },
  {
    method: 'PUT', path: '/api/v1/notifications/read-all', tag: TAG, summary: "Mark every unread notification of the caller read",
    auth: 'bearer', operation: 'notification/inbox/mark-all-notifications-read', result: 'markAllNotificationsRead',
  },
  {
    method: 'DELETE', path: '/api/v1/notifications/{id}', tag: TAG, summary: "Delete one of the caller's notifications",
    auth: 'bearer', operation: 'notification/inbox/delete-notification', variables: ID, result: 'deleteNotification', status: 204,
  },
]);

/** Spec 2, "Notification service": the tenant's channels (chat, e-mail, webhook), Admin. */
const channelRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/notifications/channels', tag: TAG, summary: "The acting tenant's channels, paginated (Admin)",
    auth: 'bearer', operation: 'notification/channels/notification-channels', variables: { page: query('page'), size: query('size'), kind: query('kind') }, result: 'notificationChannels',
  },
  {
    method: 'POST', path: '/api/v1/notifications/channels', tag: TAG, summary: 'Create a chat, e-mail or webhook channel; the signing secret is shown once (Admin)',
    auth: 'bearer', operation: 'notification/channels/create-notification-channel', variables: { input: body() }, result: 'createNotificationChannel', status: 201,
    secretFields: ['signingSecret'],
  },
  {
    method: 'GET', path: '/api/v1/notifications/channels/{id}', tag: TAG, summary: 'One channel of the acting tenant (Admin)',
    auth: 'bearer', operation: 'notification/channels/notification-channel', variables: ID, result: 'notificationChannel',
  },
  {
    method: 'DELETE', path: '/api/v1/notifications/channels/{id}', tag: TAG, summary: 'Delete a channel with its delivery history (Admin)',
    auth: 'bearer', operation: 'notification/channels/delete-notification-channel', variables: ID, result: 'deleteNotificationChannel', status: 204,
  },
  {
    method: 'GET', path: '/api/v1/notifications/channels/{id}/deliveries', tag: TAG, summary: "A channel's deliveries with every attempt, newest first (Admin)",
    auth: 'bearer', operation: 'notification/channels/notification-deliveries', variables: { channelId: param('id'), page: query('page'), size: query('size'), status: query('status') }, result: 'notificationDeliveries',
  },
]);

/** Every route of the notification service. */
export const notificationRoutes = [...inboxRoutes, ...channelRoutes];
