import type { PrismaClient } from '@dataplat/db';
import { buildFederatedSchema, type Logger, type PlatformConfig } from '@dataplat/kit';
import type { GraphQLSchema } from 'graphql';
import { createCore, type TenantModule } from './core';
import type { IdentityGateway } from './identity/identity-client';
import { tenantsModule } from './tenants/tenants.module';
import { quotasModule } from './quotas/quotas.module';
import { alertsModule } from './alerts/alerts.module';

export interface TenantDeps {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  identity: IdentityGateway;
}

/** Every domain of the tenant subgraph. */
const MODULES = [tenantsModule, quotasModule, alertsModule];

/** Wires the modules on one shared core and builds the tenant subgraph schema. */
export async function buildTenantSchema({ db, config, logger, identity }: TenantDeps): Promise<GraphQLSchema> {
  const core = createCore(db, config, logger, identity);
  const modules: TenantModule[] = MODULES.map((m) => m(core));
  const resolvers = modules.flatMap((m) => m.resolvers);
  const instances = new Map<Function, object>(resolvers.map((r) => [r.constructor, r]));
  return buildFederatedSchema({
    resolvers: resolvers.map((r) => r.constructor) as [Function, ...Function[]],
    container: { get: (cls) => instances.get(cls) },
    referenceResolvers: Object.assign({}, ...modules.map((m) => m.references ?? {})),
  });
}
