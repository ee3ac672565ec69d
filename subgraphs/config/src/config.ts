import type { PrismaClient } from '@dataplat/db';
import { buildModularSchema, type PlatformConfig } from '@dataplat/kit';
import type { GraphQLSchema } from 'graphql';
import { createCore, type ConfigModule } from './core';
import { featureFlagsModule } from './flags/flags.module';
import { marketplaceModule } from './marketplace/marketplace.module';
import { propertiesModule } from './properties/properties.module';

export interface ConfigDeps {
  db: PrismaClient;
  config: PlatformConfig;
}

/** Every domain of the configuration subgraph. */
const MODULES = [propertiesModule, featureFlagsModule, marketplaceModule];

/** Wires the modules on one shared core and builds the configuration subgraph schema. */
export async function buildConfigSchema({ db, config }: ConfigDeps): Promise<GraphQLSchema> {
  const core = createCore(db, config);
  const modules: ConfigModule[] = MODULES.map((m) => m(core));
  return buildModularSchema(modules);
}
