import type { PrismaClient } from '@dataplat/db';
import { buildFederatedSchema, type PlatformConfig, type TokenService } from '@dataplat/kit';
import type { GraphQLSchema } from 'graphql';
import { AuthResolver } from './auth/auth.resolver';
import { AuthService, loginPolicyFrom } from './auth/auth.service';
import { SessionRepository } from './auth/session.repository';
import { RoleRepository } from './roles/role.repository';
import { RoleResolver } from './roles/role.resolver';
import { userReferenceResolver } from './users/user.reference';
import { UserRepository } from './users/user.repository';
import { UserResolver } from './users/user.resolver';
import { UserService } from './users/user.service';

export interface IdentityDeps {
  db: PrismaClient;
  tokens: TokenService;
  config: PlatformConfig;
}

/** Wires repositories, services and resolvers, and builds the identity subgraph schema. */
export async function buildIdentitySchema({ db, tokens, config }: IdentityDeps): Promise<GraphQLSchema> {
  const users = new UserRepository(db);
  const roles = new RoleRepository(db);
  const sessions = new SessionRepository(db);
  const resolvers = [
    new UserResolver(new UserService(users, roles)),
    new AuthResolver(new AuthService(users, sessions, tokens, loginPolicyFrom(config))),
    new RoleResolver(roles),
  ];
  const instances = new Map<Function, object>(resolvers.map((r) => [r.constructor, r]));
  return buildFederatedSchema({
    resolvers: resolvers.map((r) => r.constructor) as [Function, ...Function[]],
    container: { get: (cls) => instances.get(cls) },
    referenceResolvers: userReferenceResolver(users),
  });
}
