export * from './client';
export * from './migrate';
export * from './embedded';
export * from './admin';
export * from './errors';
export { PrismaClient, Prisma } from './generated/client';
export type * from './generated/models';
export * from './test-database';
