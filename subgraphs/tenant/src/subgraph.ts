import type { PrismaClient } from '@dataplat/db';
import { defineSubgraph, SCHEMA_ONLY } from '@dataplat/kit';
import { startTenant } from './server';
import { buildTenantSchema } from './tenant';
import { TenantError } from './errors';
import { TENANT_PERMISSIONS } from './permissions';

/** The tenant subgraph (docs/tenant-*.md). */
export const tenantSubgraph = defineSubgraph<PrismaClient>({
  name: 'tenant',
  defaultPort: 8082,
  peers: { identity: 'where first administrators are created' },
  settings: {},
  databaseSchemas: ['tenant'],
  permissions: TENANT_PERMISSIONS,
  errors: TenantError,
  start: (ctx) => startTenant({ ...ctx, identityUrl: ctx.peerUrl('identity') }),
  buildSchema: (config) => buildTenantSchema({ db: SCHEMA_ONLY, config, logger: SCHEMA_ONLY, identity: SCHEMA_ONLY }),
});
