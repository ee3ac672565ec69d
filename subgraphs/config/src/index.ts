export { buildConfigSchema, type ConfigDeps } from './config';
export { startConfig, type ConfigServerOptions } from './server';
export { configSubgraph } from './subgraph';
export { ConfigError } from './errors';
