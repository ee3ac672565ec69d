import type { PrismaClient } from '@dataplat/db';
import { PrincipalCodec, startSubgraphServer, type Logger, type PlatformConfig, type RunningSubgraph, type WakeChannel } from '@dataplat/kit';
import { ruleEvaluator } from './alerts/alerts.module';
import { IdentityClient } from './identity/identity-client';
import { buildTenantService } from './tenant';

export interface TenantServerOptions {
  db: PrismaClient;
  /** The process's change channel: the job runners and the alert evaluator wake on their tables' notices. */
  changes: WakeChannel;
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
  runner.start(opts.changes);
  // Resumes migrations left IN_PROGRESS or ROLLING_BACK by a process that stopped.
  migrationRunner.start(opts.changes);
  // Connector tests and syncs queued or left RUNNING by a process that stopped.
  connectorRunner.start(opts.changes);
  // Alert rules are evaluated when due in every process (one at a time: advisory lock).
  const evaluator = ruleEvaluator(opts);
  evaluator.start(opts.changes);
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
