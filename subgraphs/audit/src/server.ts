import type { PrismaClient } from '@dataplat/db';
import { PrincipalCodec, startSubgraphServer, UserDirectoryClient, type PollingLoop, type Logger, type RunningSubgraph, type WakeChannel } from '@dataplat/kit';
import { buildAuditSubgraph } from './audit';
import { ChainRepository } from './chain/chain.repository';
import { startChainer } from './chain/chainer';
import type { AuditConfig } from './settings';

export interface AuditServerOptions {
  db: PrismaClient;
  /** The process's change channel: the loops wake on the intake's and the reports' notices. */
  changes: WakeChannel;
  config: AuditConfig;
  logger: Logger;
  port: number;
  /** The identity subgraph's GraphQL URL (failed logins are filed under the e-mail's tenant). */
  identityUrl: string | (() => string);
}

/**
 * Starts the audit subgraph on its port (8086 by default; 0 picks a free one) and its
 * background loops: the chainer (intake -> hash-chained log), the compliance report worker and
 * the scheduled retention purge. They wake on notices of their tables' changes and poll only as
 * a safety net. All are safe with replicas; they stop when the server closes.
 */
export async function startAudit(opts: AuditServerOptions): Promise<RunningSubgraph> {
  const principals = await PrincipalCodec.create(opts.config.JWT_SECRET);
  const users = new UserDirectoryClient('audit-service', principals, opts.identityUrl);
  const { schema, reports, retention } = await buildAuditSubgraph({ db: opts.db, config: opts.config, users });
  const running = await startSubgraphServer({
    name: 'audit',
    schema,
    principals,
    logger: opts.logger,
    host: opts.config.HOST,
    port: opts.port,
  });
  const log = (component: string) => opts.logger.child({ component });
  const loops: PollingLoop[] = [
    startChainer(new ChainRepository(opts.db, users), opts.changes, opts.config.AUDIT_CHAIN_INTERVAL, log('audit-chainer')),
    reports.startWorker(opts.changes, opts.config.BACKGROUND_POLL_INTERVAL, log('audit-report-worker')),
    retention.startPurger(opts.changes, opts.config.AUDIT_PURGE_INTERVAL * 1000, log('audit-retention')),
  ];
  return {
    ...running,
    close: async () => {
      await Promise.all(loops.map((l) => l.stop()));
      await running.close();
    },
  };
}
