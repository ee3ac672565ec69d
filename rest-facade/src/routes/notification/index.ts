import type { RouteSpec } from '../../route-spec';
import { notificationRoutes } from './notifications.routes';

/** Notifications (spec 2). One file per spec section. */
export const routes: RouteSpec[] = [
  ...notificationRoutes,
];
