export { buildIdentitySchema, type IdentityDeps } from './identity';
export { bootstrapIdentity, type BootstrapResult } from './bootstrap';
export { catalogue } from './catalogue';
export { SYSTEM_ROLES } from './bootstrap';
export { startIdentity } from './server';
export { identitySubgraph } from './subgraph';
export { IdentityError } from './errors';
export * from './edge/credential-stores';
