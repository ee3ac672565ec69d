import type { PrismaClient } from '@dataplat/db';
import { buildModularSchema, type Logger, type PlatformConfig } from '@dataplat/kit';
import type { GraphQLSchema } from 'graphql';
import { createCore, type CoreOptions, type TenantModule } from './core';
import type { ProvisioningPublisher } from './provisioning/provisioning-publisher';
import type { ProvisioningRunner } from './provisioning/provisioning-runner';
import { SUBSCRIPTIONS_AT_THE_EDGE } from './provisioning/provisioning.subscription';
import { provisioningModule } from './provisioning/provisioning.module';
import type { IdentityGateway } from './identity/identity-client';
import { tenantsModule } from './tenants/tenants.module';
import { quotasModule } from './quotas/quotas.module';
import { alertsModule } from './alerts/alerts.module';
import { migrationsModule } from './migrations/migrations.module';
import type { MigrationRunner } from './migrations/migration-runner';
import { releasesModule } from './releases/releases.module';
import { costsModule } from './costs/costs.module';
import { connectorsModule } from './connectors/connectors.module';
import type { ConnectorJobRunner } from './connectors/connector-runner';
import { settingsModule } from './settings/settings.module';
import { networkModule } from './network/network.module';

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
  releasesModule,
  connectorsModule,
  settingsModule,
  networkModule,
];

/** Wires the modules on one shared core and builds the tenant subgraph schema. */
export async function buildTenantSchema(deps: TenantDeps): Promise<GraphQLSchema> {
  return (await buildTenantService(deps)).schema;
}

/** The schema and the provisioning job runner (which the server starts and stops). */
export async function buildTenantService({ db, config, logger, identity, options }: TenantDeps): Promise<{ schema: GraphQLSchema; runner: ProvisioningRunner; migrationRunner: MigrationRunner; connectorRunner: ConnectorJobRunner; events: ProvisioningPublisher }> {
  const core = createCore(db, config, logger, identity, options);
  const modules: TenantModule[] = MODULES.map((m) => m(core));
  const schema = await buildModularSchema(modules, { pubSub: SUBSCRIPTIONS_AT_THE_EDGE });
  return { schema, runner: core.runner, migrationRunner: core.migrationRunner, connectorRunner: core.connectorJobs.runner, events: core.provisioningEvents };
}
