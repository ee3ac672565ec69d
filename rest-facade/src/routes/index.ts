import type { RouteSpec } from '../route-spec';
import { identityRoutes } from './identity.routes';

/** Every route the facade serves. */
export const ROUTES: RouteSpec[] = [...identityRoutes];
