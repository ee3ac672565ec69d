import type { PrismaClient } from '@dataplat/db';
import { PrincipalCodec, startSubgraphServer, type Logger, type PlatformConfig, type RunningSubgraph } from '@dataplat/kit';
import { buildConfigSchema } from './config';

export interface ConfigServerOptions {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  port: number;
}

/** Starts the configuration subgraph on its port (8888 by default; 0 picks a free one). */
export async function startConfig(opts: ConfigServerOptions): Promise<RunningSubgraph> {
  const schema = await buildConfigSchema({ db: opts.db, config: opts.config });
  return startSubgraphServer({
    name: 'config',
    schema,
    principals: await PrincipalCodec.create(opts.config.JWT_SECRET),
    logger: opts.logger,
    host: opts.config.HOST,
    port: opts.port,
  });
}
