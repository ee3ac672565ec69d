import type { PrismaClient } from '@dataplat/db';
import type { PlatformConfig } from '@dataplat/kit';
import { TenantRepository } from './tenants/tenant.repository';

/** What every tenant-service module shares (built once per process). */
export interface TenantCore {
  db: PrismaClient;
  config: PlatformConfig;
  tenants: TenantRepository;
}

export function createCore(db: PrismaClient, config: PlatformConfig): TenantCore {
  return { db, config, tenants: new TenantRepository(db) };
}

/** A domain of the tenant subgraph: its resolver instances (and entity references). */
export interface TenantModule {
  resolvers: object[];
  references?: Record<string, { __resolveReference: (ref: any, context: any) => unknown }>;
}
