import type { PrismaClient } from '@dataplat/db';
import { defineSubgraph, SCHEMA_ONLY, tokenServiceFromConfig } from '@dataplat/kit';
import { bootstrapIdentity } from './bootstrap';
import { catalogue } from './catalogue';
import { buildIdentitySchema } from './identity';
import { startIdentity } from './server';
import { IdentityError } from './errors';
import { IDENTITY_PERMISSIONS } from './permissions';

/** The identity subgraph (docs/identity-*.md). It starts first: it reads tenant's URL on first use. */
export const identitySubgraph = defineSubgraph<PrismaClient>({
  name: 'identity',
  defaultPort: 8081,
  peers: { tenant: 'for logins by tenant slug and suspension' },
  settings: {},
  databaseSchemas: ['identity'],
  permissions: IDENTITY_PERMISSIONS,
  errors: IdentityError,
  // Permissions, system roles and the bootstrap platform admin: idempotent, under an advisory lock.
  seed: async ({ db, config, logger, permissions }) => {
    const seeded = await bootstrapIdentity(db, config, catalogue(permissions));
    if (seeded.adminCreated) logger.info({ email: config.PLATFORM_ADMIN_EMAIL }, 'bootstrap platform admin created');
    return { generatedAdminPassword: seeded.generatedAdminPassword };
  },
  start: (ctx) => startIdentity({ ...ctx, tenantUrl: () => ctx.peerUrl('tenant') }),
  buildSchema: async (config) => buildIdentitySchema({ db: SCHEMA_ONLY, tokens: await tokenServiceFromConfig(config), config }),
});
