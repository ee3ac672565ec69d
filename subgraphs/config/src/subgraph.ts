import type { PrismaClient } from '@dataplat/db';
import { defineSubgraph, SCHEMA_ONLY } from '@dataplat/kit';
import { buildConfigSchema } from './config';
import { startConfig } from './server';
import { ConfigError } from './errors';
import { CONFIG_PERMISSIONS } from './permissions';

/** The configuration subgraph: config server, feature flags, marketplace (docs/config-service.md). */
export const configSubgraph = defineSubgraph<PrismaClient>({
  name: 'config',
  defaultPort: 8888,
  peers: {},
  settings: {},
  databaseSchemas: ['config'],
  permissions: CONFIG_PERMISSIONS,
  errors: ConfigError,
  start: startConfig,
  buildSchema: (config) => buildConfigSchema({ db: SCHEMA_ONLY, config }),
});
