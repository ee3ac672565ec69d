export * from './tiers';
export * from './token-bucket';
export * from './redis-limiter';
export * from './config-store';
export * from './tenant-rate-limits';
export * from './rate-limit.graphql';
export * from './gateway-subgraph';
