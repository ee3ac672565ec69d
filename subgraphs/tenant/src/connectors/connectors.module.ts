import { secretBoxFor } from '@dataplat/kit';
import type { TenantCore, TenantModule } from '../core';
import { ConnectorJobRunner } from './connector-runner';
import { ConnectorRepository } from './connector.repository';
import { ConnectorResolver } from './connector.resolver';
import { ConnectorSecrets, ConnectorService } from './connector.service';

/** The connector job runner of a process (started and stopped by the server). */
export function connectorRunner(core: Pick<TenantCore, 'db' | 'config' | 'logger'>): { runner: ConnectorJobRunner; secrets: ConnectorSecrets; repo: ConnectorRepository } {
  const repo = new ConnectorRepository(core.db);
  const secrets = new ConnectorSecrets(secretBoxFor(core.config, 'tenant-connectors-v1'));
  return { repo, secrets, runner: new ConnectorJobRunner(repo, (row) => secrets.open(row), core.logger, { sweepMs: core.config.BACKGROUND_POLL_INTERVAL }) };
}

/** connectors: data-source connectors, connection tests and metadata syncs (docs/tenant-operations.md). */
export function connectorsModule(core: TenantCore): TenantModule {
  const { repo, secrets } = core.connectorJobs;
  return { resolvers: [new ConnectorResolver(new ConnectorService(repo, core.tenants, secrets, core.connectorJobs.runner))] };
}
