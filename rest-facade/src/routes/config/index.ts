import type { RouteSpec } from '../../route-spec';
import { featureFlagRoutes } from './feature-flags.routes';
import { marketplaceRoutes } from './marketplace.routes';
import { configPropertyRoutes } from './properties.routes';

/** The configuration server, feature flags and marketplace (spec 2). One file per spec section. */
export const routes: RouteSpec[] = [
  ...configPropertyRoutes,
  ...featureFlagRoutes,
  ...marketplaceRoutes,
];
