import type { RouteSpec } from '../../route-spec';
import { accountRoutes } from './account.routes';
import { apiKeyRoutes } from './api-keys.routes';
import { authRoutes } from './auth.routes';
import { deviceRoutes } from './devices.routes';
import { externalIdpRoutes } from './external-idp.routes';
import { mfaRoutes } from './mfa.routes';
import { oauthRoutes } from './oauth.routes';
import { roleRoutes } from './roles.routes';
import { scimRoutes } from './scim.routes';
import { serviceClientRoutes } from './service-clients.routes';
import { sessionRoutes } from './sessions.routes';
import { userRoutes } from './users.routes';

/** Identity and access (spec 1). One file per spec section. */
export const routes: RouteSpec[] = [
  ...authRoutes,
  ...accountRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...sessionRoutes,
  ...deviceRoutes,
  ...apiKeyRoutes,
  ...serviceClientRoutes,
  ...mfaRoutes,
  ...oauthRoutes,
  ...externalIdpRoutes,
  ...scimRoutes,
];
