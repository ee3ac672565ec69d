import type { TenantLookup } from './auth/tenant-directory';
import type { PrismaClient } from '@dataplat/db';
import type { PlatformConfig, TokenService } from '@dataplat/kit';
import { SessionRepository } from './auth/session.repository';
import { RoleRepository } from './roles/role.repository';
import { RevocationRepository } from './tokens/revocation.repository';
import { TokenRevocationService } from './tokens/revocation.service';
import { UserRepository } from './users/user.repository';

/**
 * What every identity module shares: the database, token service, configuration, and the
 * repositories and services more than one module needs (built once per process).
 */
export interface IdentityCore {
  db: PrismaClient;
  tokens: TokenService;
  config: PlatformConfig;
  users: UserRepository;
  roles: RoleRepository;
  sessions: SessionRepository;
  issuedTokens: RevocationRepository;
  revocation: TokenRevocationService;
  /** The tenant service's directory (login by slug, suspension); absent when only the schema is built. */
  tenantLookup?: TenantLookup;
}

export function createCore(db: PrismaClient, tokens: TokenService, config: PlatformConfig, tenantLookup?: TenantLookup): IdentityCore {
  const issuedTokens = new RevocationRepository(db);
  return {
    db,
    tokens,
    config,
    users: new UserRepository(db),
    roles: new RoleRepository(db),
    sessions: new SessionRepository(db),
    issuedTokens,
    revocation: new TokenRevocationService(issuedTokens),
    tenantLookup,
  };
}

/** A domain of the identity subgraph: its resolver instances (and entity references). */
export interface IdentityModule {
  resolvers: object[];
  references?: Record<string, { __resolveReference: (ref: any, context: any) => unknown }>;
}
