import type { PrincipalCodec } from './internal-principal';
import { ServiceGraphClient } from '../http/service-graph-client';

/** Scope of the tenant service's directory field (`tenantDirectoryEntry`): platform services only. */
export const TENANT_DIRECTORY_SCOPE = 'tenants:directory';

/** What other services may know of a tenant: its id, slug and status. */
export interface TenantDirectoryEntry {
  id: string;
  slug: string;
  status: string;
}

const ENTRY = 'query TenantDirectoryEntry($id: ID, $slug: String) { tenantDirectoryEntry(id: $id, slug: $slug) { id slug status } }';

/**
 * Reads the tenant directory through the tenant subgraph's GraphQL API (identity at login, the
 * edge for its suspension check), so no service reads the tenant service's tables. A failed
 * call throws ServiceCallError: callers fail closed.
 */
export class TenantDirectoryClient {
  private readonly client: ServiceGraphClient;

  constructor(service: string, principals: PrincipalCodec, tenantUrl: string | (() => string)) {
    this.client = new ServiceGraphClient({ service, scopes: [TENANT_DIRECTORY_SCOPE], principals, url: tenantUrl, timeoutMs: 5_000 });
  }

  async byId(id: string): Promise<TenantDirectoryEntry | null> {
    return (await this.client.call<{ tenantDirectoryEntry: TenantDirectoryEntry | null }>(ENTRY, { id })).tenantDirectoryEntry;
  }

  async bySlug(slug: string): Promise<TenantDirectoryEntry | null> {
    return (await this.client.call<{ tenantDirectoryEntry: TenantDirectoryEntry | null }>(ENTRY, { slug })).tenantDirectoryEntry;
  }
}
