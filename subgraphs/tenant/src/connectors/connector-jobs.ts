import type { PrismaClient } from '@dataplat/db';
import { secretBoxFor, type Logger, type PlatformConfig } from '@dataplat/kit';
import { ConnectorJobRunner } from './connector-runner';
import { ConnectorRepository } from './connector.repository';
import { ConnectorSecrets } from './connector.service';

/** Connector tests and syncs of a process: their durable job runner, repository and secrets. */
export interface ConnectorJobs {
  runner: ConnectorJobRunner;
  secrets: ConnectorSecrets;
  repo: ConnectorRepository;
}

/** The connector job runner of a process (started and stopped by the server). */
export function connectorRunner(deps: { db: PrismaClient; config: PlatformConfig; logger: Logger }): ConnectorJobs {
  const repo = new ConnectorRepository(deps.db);
  const secrets = new ConnectorSecrets(secretBoxFor(deps.config, 'tenant-connectors-v1'));
  return { repo, secrets, runner: new ConnectorJobRunner(repo, (row) => secrets.open(row), deps.logger, { sweepMs: deps.config.BACKGROUND_POLL_INTERVAL }) };
}
