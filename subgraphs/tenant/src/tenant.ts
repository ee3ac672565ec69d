import type { PrismaClient } from '@dataplat/db';
import { buildFederatedSchema, type Logger, type PlatformConfig } from '@dataplat/kit';
import type { GraphQLSchema } from 'graphql';
import { createCore, type CoreOptions, type TenantModule } from './core';
import type { ProvisioningRunner } from './provisioning/provisioning-runner';
import { provisioningModule } from './provisioning/provisioning.module';
import type { IdentityGateway } from './identity/identity-client';
import { tenantsModule } from './tenants/tenants.module';
import { quotasModule } from './quotas/quotas.module';
import { alertsModule } from './alerts/alerts.module';
import { migrationsModule } from './migrations/migrations.module';
import type { MigrationRunner } from './migrations/migration-runner';
import { costsModule } from './costs/costs.module';

export interface TenantDeps {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  identity: IdentityGateway;
  options?: CoreOptions;
}

/** Every domain of the tenant subgraph. */
const MODULES = [
  tenantsModule,
  provisioningModule,
  quotasModule,
  alertsModule,
  migrationsModule,
  costsModule,
];

/** Wires the modules on one shared core and builds the tenant subgraph schema. */
export async function buildTenantSchema(deps: TenantDeps): Promise<GraphQLSchema> {
  return (await buildTenantService(deps)).schema;
}

/** The schema and the provisioning job runner (which the server starts and stops). */
export async function buildTenantService({ db, config, logger, identity, options }: TenantDeps): Promise<{ schema: GraphQLSchema; runner: ProvisioningRunner; migrationRunner: MigrationRunner }> {
  const core = createCore(db, config, logger, identity, options);
  const modules: TenantModule[] = MODULES.map((m) => m(core));
  const resolvers = modules.flatMap((m) => m.resolvers);
  const instances = new Map<Function, object>(resolvers.map((r) => [r.constructor, r]));
  const schema = await buildFederatedSchema({
    resolvers: resolvers.map((r) => r.constructor) as [Function, ...Function[]],
    container: { get: (cls) => instances.get(cls) },
    referenceResolvers: Object.assign({}, ...modules.map((m) => m.references ?? {})),
  });
  return { schema, runner: core.runner, migrationRunner: core.migrationRunner };
}
