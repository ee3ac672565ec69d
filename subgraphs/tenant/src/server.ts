import type { PrismaClient } from '@dataplat/db';
import { PrincipalCodec, startSubgraphServer, type Logger, type PlatformConfig, type RunningSubgraph } from '@dataplat/kit';
import { buildTenantSchema } from './tenant';

export interface TenantServerOptions {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  port?: number;
}

/** Starts the tenant subgraph on its port (8082 by default; 0 picks a free one). */
export async function startTenant(opts: TenantServerOptions): Promise<RunningSubgraph> {
  const schema = await buildTenantSchema({ db: opts.db, config: opts.config });
  return startSubgraphServer({
    name: 'tenant',
    schema,
    principals: await PrincipalCodec.create(opts.config.JWT_SECRET),
    logger: opts.logger,
    host: opts.config.HOST,
    port: opts.port ?? opts.config.TENANT_PORT,
  });
}
