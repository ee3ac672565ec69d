import { DomainError, ServiceCallError, ServiceGraphClient, type PrincipalCodec } from '@dataplat/kit';
import { TenantError } from '@dataplat/tenant/errors';
import { BillingError } from '../errors';

/** The service name the billing service acts under towards the tenant service. */
export const BILLING_SERVICE = 'billing-service';

export interface TenantFacts {
  id: string;
  plan: string;
  adminEmail: string;
  status: string;
}

/** What billing needs to know of a tenant: its plan and whom to notify. */
export interface TenantDirectory {
  /** null when the tenant does not exist. */
  find(tenantId: string): Promise<TenantFacts | null>;
}

const TENANT = 'query BillingTenant($id: ID!) { tenant(id: $id) { id plan adminEmail status } }';

/**
 * Reads tenants through the graph (the tenant subgraph's `tenant` query with scope
 * `tenants:read`), never the tenant service's tables.
 */
export class GraphTenantDirectory implements TenantDirectory {
  private readonly client: ServiceGraphClient;

  constructor(url: string, principals: PrincipalCodec) {
    this.client = new ServiceGraphClient({ url, principals, service: BILLING_SERVICE, scopes: ['tenants:read'] });
  }

  async find(tenantId: string): Promise<TenantFacts | null> {
    try {
      const { tenant } = await this.client.call<{ tenant: TenantFacts }>(TENANT, { id: tenantId }, tenantId);
      return tenant;
    } catch (e) {
      if (e instanceof ServiceCallError && e.code === TenantError.TENANT_NOT_FOUND) return null;
      throw new DomainError(BillingError.TENANT_SERVICE_UNAVAILABLE, (e as Error).message);
    }
  }
}
