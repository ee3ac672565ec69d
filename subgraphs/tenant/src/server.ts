import type { PrismaClient } from '@dataplat/db';
import { PrincipalCodec, startSubgraphServer, type Logger, type PlatformConfig, type RunningSubgraph } from '@dataplat/kit';
import { ruleEvaluator } from './alerts/alerts.module';
import { IdentityClient } from './identity/identity-client';
import { buildTenantService } from './tenant';

export interface TenantServerOptions {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  /** GraphQL URL of the identity subgraph (first administrators are created there). */
  identityUrl: string;
  port: number;
}

/** Starts the tenant subgraph on its port (8082 by default; 0 picks a free one). */
export async function startTenant(opts: TenantServerOptions): Promise<RunningSubgraph> {
  const principals = await PrincipalCodec.create(opts.config.JWT_SECRET);
  const identity = new IdentityClient(opts.identityUrl, principals);
  const { schema, runner, migrationRunner, connectorRunner, events } = await buildTenantService({ db: opts.db, config: opts.config, logger: opts.logger, identity });
  const server = await startSubgraphServer({
    name: 'tenant',
    schema,
    principals,
    logger: opts.logger,
    host: opts.config.HOST,
    port: opts.port,
  });
  // Resumes provisioning jobs left over by a process that stopped, then sweeps for orphans.
  runner.start();
  // Resumes migrations left IN_PROGRESS or ROLLING_BACK by a process that stopped.
  migrationRunner.start();
  // Connector tests and syncs queued or left RUNNING by a process that stopped.
  connectorRunner.start();
  // Alert rules are evaluated on a schedule in every process (one at a time: advisory lock).
  const evaluator = ruleEvaluator(opts);
  evaluator.start();
  return {
    ...server,
    close: async () => {
      await evaluator.stop();
      await runner.stop();
      await migrationRunner.stop();
      await connectorRunner.stop();
      await events.close();
      await server.close();
    },
  };
}
