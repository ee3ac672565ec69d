import type { RouteSpec } from '../../route-spec';
import { gatewayRateLimitRoutes } from './rate-limit.routes';

/** The edge's own gateway subgraph: per-tenant rate limits (spec 2). One file per spec section. */
export const routes: RouteSpec[] = [
  ...gatewayRateLimitRoutes,
];
