import type { RouteSpec } from '../../route-spec';
import { alertRoutes } from './alerts.routes';
import { connectorRoutes } from './connectors.routes';
import { costRoutes } from './costs.routes';
import { migrationRoutes } from './migrations.routes';
import { provisioningRoutes } from './provisioning.routes';
import { quotaRoutes } from './quotas.routes';
import { releaseRoutes } from './releases.routes';
import { tenantOpsRoutes } from './tenant-ops.routes';
import { tenantRoutes } from './tenants.routes';

/** Tenant administration (spec 2). One file per spec section. */
export const routes: RouteSpec[] = [
  ...tenantRoutes,
  ...provisioningRoutes,
  ...quotaRoutes,
  ...alertRoutes,
  ...migrationRoutes,
  ...costRoutes,
  ...releaseRoutes,
  ...connectorRoutes,
  ...tenantOpsRoutes,
];
