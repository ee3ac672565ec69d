import { startSubgraphServer, type Logger, type PrincipalCodec, type RunningSubgraph } from '@dataplat/kit';
import type { TenantStatusStore } from '../tenant-access';
import { buildGatewaySchema } from './rate-limit.graphql';
import type { TenantRateLimits } from './tenant-rate-limits';

/**
 * Starts the edge's own `gateway` subgraph (tenant rate-limit configuration) on a loopback port
 * of its own (readiness, direct callers); the gateway beside it always executes it in-process,
 * so every edge instance serves it, in the embedded and the distributed mode alike.
 */
export async function startGatewaySubgraph(opts: { limits: TenantRateLimits; tenants: TenantStatusStore; principals: PrincipalCodec; logger: Logger }): Promise<RunningSubgraph> {
  return startSubgraphServer({
    name: 'gateway',
    schema: await buildGatewaySchema(opts.limits, opts.tenants),
    principals: opts.principals,
    logger: opts.logger,
    host: '127.0.0.1',
    port: 0,
  });
}
