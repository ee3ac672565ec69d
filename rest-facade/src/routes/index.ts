import type { RouteSpec } from '../route-spec';
import { featureFlagRoutes } from './config/feature-flags.routes';
import { marketplaceRoutes } from './config/marketplace.routes';
import { configPropertyRoutes } from './config/properties.routes';
import { accountRoutes } from './identity/account.routes';
import { apiKeyRoutes } from './identity/api-keys.routes';
import { authRoutes } from './identity/auth.routes';
import { deviceRoutes } from './identity/devices.routes';
import { roleRoutes } from './identity/roles.routes';
import { serviceClientRoutes } from './identity/service-clients.routes';
import { sessionRoutes } from './identity/sessions.routes';
import { userRoutes } from './identity/users.routes';

/** Every route the facade serves, one file per spec section. */
export const ROUTES: RouteSpec[] = [...authRoutes, ...accountRoutes, ...userRoutes, ...roleRoutes, ...sessionRoutes, ...deviceRoutes, ...apiKeyRoutes, ...serviceClientRoutes, ...configPropertyRoutes, ...featureFlagRoutes, ...marketplaceRoutes];
