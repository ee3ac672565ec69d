import type { RouteSpec } from '../../route-spec';
import { billingRoutes } from './billing.routes';
import { tenantBillingRoutes } from './tenant-billing.routes';

/** Billing (spec 2, billing service). One file per spec section. */
export const routes: RouteSpec[] = [
  ...billingRoutes,
  ...tenantBillingRoutes,
];
