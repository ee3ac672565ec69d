import type { RouteSpec } from '../route-spec';
import { billingRoutes } from './billing/billing.routes';
import { tenantBillingRoutes } from './billing/tenant-billing.routes';
import { auditRoutes } from './audit/audit.routes';
import { featureFlagRoutes } from './config/feature-flags.routes';
import { marketplaceRoutes } from './config/marketplace.routes';
import { configPropertyRoutes } from './config/properties.routes';
import { accountRoutes } from './identity/account.routes';
import { apiKeyRoutes } from './identity/api-keys.routes';
import { authRoutes } from './identity/auth.routes';
import { deviceRoutes } from './identity/devices.routes';
import { externalIdpRoutes } from './identity/external-idp.routes';
import { mfaRoutes } from './identity/mfa.routes';
import { oauthRoutes } from './identity/oauth.routes';
import { roleRoutes } from './identity/roles.routes';
import { scimRoutes } from './identity/scim.routes';
import { serviceClientRoutes } from './identity/service-clients.routes';
import { sessionRoutes } from './identity/sessions.routes';
import { userRoutes } from './identity/users.routes';
import { gatewayRateLimitRoutes } from './gateway/rate-limit.routes';
import { notificationRoutes } from './notification/notifications.routes';
import { alertRoutes } from './tenant/alerts.routes';
import { migrationRoutes } from './tenant/migrations.routes';
import { costRoutes } from './tenant/costs.routes';
import { provisioningRoutes } from './tenant/provisioning.routes';
import { quotaRoutes } from './tenant/quotas.routes';
import { releaseRoutes } from './tenant/releases.routes';
import { tenantRoutes } from './tenant/tenants.routes';
import { connectorRoutes } from './tenant/connectors.routes';
import { tenantOpsRoutes } from './tenant/tenant-ops.routes';

/** Every route the facade serves, one file per spec section. */
export const ROUTES: RouteSpec[] = [
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
  ...tenantRoutes,
  ...configPropertyRoutes,
  ...featureFlagRoutes,
  ...marketplaceRoutes,
  ...notificationRoutes,
  ...provisioningRoutes,
  ...quotaRoutes,
  ...alertRoutes,
  ...migrationRoutes,
  ...costRoutes,
  ...releaseRoutes,
  ...connectorRoutes,
  ...tenantOpsRoutes,
  ...gatewayRateLimitRoutes,
  ...billingRoutes,
  ...tenantBillingRoutes,
  ...auditRoutes,
];
