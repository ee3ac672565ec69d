export { buildConfigSchema, type ConfigDeps } from './config';
export { startConfig, type ConfigServerOptions } from './server';
export { ConfigError } from './errors';
