import type { PrismaClient } from '@dataplat/db';
import { PrincipalCodec, startSubgraphServer, tokenServiceFromConfig, type Logger, type PlatformConfig, type RunningSubgraph } from '@dataplat/kit';
import { buildIdentitySchema } from './identity';

export interface IdentityServerOptions {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  port?: number;
}

/** Starts the identity subgraph on its port (8081 by default; 0 picks a free one). */
export async function startIdentity(opts: IdentityServerOptions): Promise<RunningSubgraph> {
  const tokens = await tokenServiceFromConfig(opts.config);
  const schema = await buildIdentitySchema({ db: opts.db, tokens, config: opts.config });
  return startSubgraphServer({
    name: 'identity',
    schema,
    principals: await PrincipalCodec.create(opts.config.JWT_SECRET),
    logger: opts.logger,
    host: opts.config.HOST,
    port: opts.port ?? opts.config.IDENTITY_PORT,
  });
}
