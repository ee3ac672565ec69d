import { defineErrors } from '@dataplat/kit';

/**
 * The notification service's error codes (`DPF-NTF-*`): notifications, channels, deliveries.
 * A new code takes the next number (of its range, where there are ranges), never a used one;
 * then `npm run docs:errors` regenerates docs/errors.md.
 */
export const NotificationError = defineErrors('NTF', {
  NOTIFICATION_NOT_FOUND: {
    number: 1, status: 404, message: 'Notification not found',
    when: "A notification id that is not one of the caller's own (another user's or another tenant's included) ([notification-service.md](notification-service.md))",
  },
  CHANNEL_NOT_FOUND: {
    number: 2, status: 404, message: 'Notification channel not found',
    when: 'A channel id the acting tenant does not have',
  },
  CHANNEL_EXISTS: {
    number: 3, status: 409, message: 'A notification channel with this name already exists',
    when: '`POST /notifications/channels` with a name the tenant already uses',
  },
  CHANNEL_INVALID: {
    number: 4, status: 400, message: 'Invalid notification channel configuration',
    when: 'A webhook or chat URL that is not `https` (plain `http` only to a loopback host outside production), has credentials or does not parse; an e-mail channel without valid addresses; a field that does not belong to the kind (`details: {field, reason}`)',
  },
  RECIPIENT_NOT_FOUND: {
    number: 5, status: 404, message: 'The recipient is not a user of the tenant',
    when: '`sendNotification` to a user id that is not a user of the target tenant',
  },
}, {
  title: 'notification service',
  source: 'subgraphs/notification/src/errors.ts',
  doc: 'notification-service.md',
});
