export * from './provisioning-feed';
export * from './provisioning-status';
export * from './subscription-server';
