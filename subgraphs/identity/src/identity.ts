import type { TenantLookup } from './auth/tenant-directory';
import type { PrismaClient } from '@dataplat/db';
import { buildModularSchema, type PlatformConfig, type TokenService } from '@dataplat/kit';
import type { GraphQLSchema } from 'graphql';
import { accountModule } from './account/account.module';
import { apiKeysModule } from './api-keys/api-keys.module';
import { authModule } from './auth/auth.module';
import { createCore, type IdentityModule } from './core';
import { devicesModule } from './devices/devices.module';
import { externalIdpModule } from './external-idp/external-idp.module';
import { mfaModule } from './mfa/mfa.module';
import { oauthModule } from './oauth/oauth.module';
import { rolesModule } from './roles/roles.module';
import { scimModule } from './scim/scim.module';
import { serviceClientsModule } from './service-clients/service-clients.module';
import { sessionsModule } from './sessions/sessions.module';
import { usersModule } from './users/users.module';

export interface IdentityDeps {
  db: PrismaClient;
  tokens: TokenService;
  config: PlatformConfig;
  /** The tenant service's directory (required to serve logins; schema-only builds may omit it). */
  tenantLookup?: TenantLookup;
}

/** Every domain of the identity subgraph. */
const MODULES = [authModule, accountModule, usersModule, rolesModule, sessionsModule, devicesModule, apiKeysModule, serviceClientsModule, mfaModule, oauthModule, externalIdpModule, scimModule];

/** Wires the modules on one shared core and builds the identity subgraph schema. */
export async function buildIdentitySchema({ db, tokens, config, tenantLookup }: IdentityDeps): Promise<GraphQLSchema> {
  const core = createCore(db, tokens, config, tenantLookup);
  const modules: IdentityModule[] = MODULES.map((m) => m(core));
  return buildModularSchema(modules);
}
