export { buildIdentitySchema, type IdentityDeps } from './identity';
export { bootstrapIdentity, type BootstrapResult } from './bootstrap';
export { CATALOGUE, DOMAIN_PERMISSIONS } from './catalogue';
export { startIdentity } from './server';
export { identitySubgraph } from './subgraph';
export { IdentityError } from './errors';
