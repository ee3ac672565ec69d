import type { PrismaClient } from '@dataplat/db';
import { PrincipalCodec, startSubgraphServer, TenantDirectoryClient, tokenServiceFromConfig, type Logger, type PlatformConfig, type RunningSubgraph } from '@dataplat/kit';
import { buildIdentitySchema } from './identity';
import { RevocationRepository } from './tokens/revocation.repository';

/** The name identity acts under when it calls other services. */
const IDENTITY_SERVICE = 'identity-service';

export interface IdentityServerOptions {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  port: number;
  /** The tenant subgraph's GraphQL URL (a function when it starts after identity in one process). */
  tenantUrl: string | (() => string);
}

/**
 * Starts the identity subgraph on its port (8081 by default; 0 picks a free one). Its e-mails
 * and codes are queued in platform.notification_outbox and delivered by the notification
 * service.
 */
export async function startIdentity(opts: IdentityServerOptions): Promise<RunningSubgraph> {
  const tokens = await tokenServiceFromConfig(opts.config);
  const principals = await PrincipalCodec.create(opts.config.JWT_SECRET);
  const tenantLookup = new TenantDirectoryClient(IDENTITY_SERVICE, principals, opts.tenantUrl);
  const schema = await buildIdentitySchema({ db: opts.db, tokens, config: opts.config, tenantLookup });
  const server = await startSubgraphServer({
    name: 'identity',
    schema,
    principals,
    logger: opts.logger,
    host: opts.config.HOST,
    port: opts.port,
  });
  // Bookkeeping of expired access tokens (issued and revoked) is worthless: drop it hourly.
  const issuedTokens = new RevocationRepository(opts.db);
  const purge = setInterval(() => issuedTokens.purgeExpired().catch((e) => opts.logger.warn({ err: e }, 'token purge failed')), 3_600_000);
  purge.unref();
  return {
    ...server,
    close: async () => {
      clearInterval(purge);
      await server.close();
    },
  };
}
