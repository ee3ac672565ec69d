import type { TenantCore, TenantModule } from '../core';
import { ConnectorResolver } from './connector.resolver';
import { ConnectorService } from './connector.service';

/** connectors: data-source connectors, connection tests and metadata syncs (docs/tenant-operations.md). */
export function connectorsModule(core: TenantCore): TenantModule {
  const { repo, secrets } = core.connectorJobs;
  return { resolvers: [new ConnectorResolver(new ConnectorService(repo, core.tenants, secrets, core.connectorJobs.runner))] };
}
