export { buildAuditSubgraph, type AuditDeps } from './audit';
export { startAudit, type AuditServerOptions } from './server';
export { canonicalForm, eventHash, GENESIS_HASH } from './chain/canonical';
export { verifyChain } from './chain/verifier';
export { auditSubgraph } from './subgraph';
export { auditSettings, type AuditConfig } from './settings';
export { AuditError } from './errors';
