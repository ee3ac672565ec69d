export * from './route-spec';
export * from './route-table';
export * from './envelope';
export * from './executor';
export * from './idempotency';
export * from './facade';
export * from './edge';
export * from './openapi';
export { ROUTES } from './routes';
