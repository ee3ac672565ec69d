import type { GraphQLSchema } from 'graphql';
import { PrincipalCodec } from '../auth/internal-principal';
import type { PlatformConfig } from '../config';
import type { Logger } from '../logger';
import { startSubgraphServer, type RunningSubgraph } from './subgraph-server';

/**
 * Serves a subgraph schema on HOST and `port` (0 picks a free one), trusting principals
 * signed with the platform's JWT_SECRET: what every subgraph's `start<Name>` does first.
 */
export async function serveSubgraph(name: string, schema: GraphQLSchema, opts: { config: PlatformConfig; logger: Logger; port: number }): Promise<RunningSubgraph> {
  return startSubgraphServer({
    name,
    schema,
    principals: await PrincipalCodec.create(opts.config.JWT_SECRET),
    logger: opts.logger,
    host: opts.config.HOST,
    port: opts.port,
  });
}
