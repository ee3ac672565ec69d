import type { PrismaClient } from '@dataplat/db';
import type { Logger, PlatformConfig } from '@dataplat/kit';
import type { IdentityGateway } from './identity/identity-client';
import { TenantRepository } from './tenants/tenant.repository';

/** What every tenant-service module shares (built once per process). */
export interface TenantCore {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  /** Identity, reached through its GraphQL API (first administrators, health). */
  identity: IdentityGateway;
  tenants: TenantRepository;
}

export function createCore(db: PrismaClient, config: PlatformConfig, logger: Logger, identity: IdentityGateway): TenantCore {
  return { db, config, logger, identity, tenants: new TenantRepository(db) };
}

/** A domain of the tenant subgraph: its resolver instances (and entity references). */
export interface TenantModule {
  resolvers: object[];
  references?: Record<string, { __resolveReference: (ref: any, context: any) => unknown }>;
}
