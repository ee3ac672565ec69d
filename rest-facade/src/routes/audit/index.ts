import type { RouteSpec } from '../../route-spec';
import { auditRoutes } from './audit.routes';

/** The audit log (spec 2, audit service). One file per spec section. */
export const routes: RouteSpec[] = [
  ...auditRoutes,
];
