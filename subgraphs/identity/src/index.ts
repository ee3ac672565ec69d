export { buildIdentitySchema, type IdentityDeps } from './identity';
export { bootstrapIdentity, type BootstrapResult } from './bootstrap';
export { startIdentity } from './server';
export { identitySubgraph } from './subgraph';
