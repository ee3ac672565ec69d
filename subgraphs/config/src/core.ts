import type { PrismaClient } from '@dataplat/db';
import type { PlatformConfig } from '@dataplat/kit';

/** What every configuration-service module shares (built once per process). */
export interface ConfigCore {
  db: PrismaClient;
  config: PlatformConfig;
}

export function createCore(db: PrismaClient, config: PlatformConfig): ConfigCore {
  return { db, config };
}

/** A domain of the configuration subgraph: its resolver instances (and entity references). */
export interface ConfigModule {
  resolvers: object[];
  references?: Record<string, { __resolveReference: (ref: any, context: any) => unknown }>;
}
