import { DomainError, isPlatformAdmin, isUuid, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import type { TenantRepository, TenantRow } from '../tenants/tenant.repository';

/**
 * The tenant a quota or alert call acts on: platform administrators any tenant, everyone else
 * only their own. Another tenant's id, an unknown id or a malformed id is 404 DPF-TEN-001.
 */
export async function scopedTenant(tenants: TenantRepository, caller: Principal, tenantId: string): Promise<TenantRow> {
  const key = tenantId.toLowerCase();
  if (!isUuid(key) || (!isPlatformAdmin(caller) && caller.tenantId !== key)) throw new DomainError(TenantError.TENANT_NOT_FOUND);
  const row = await tenants.find(key);
  if (!row) throw new DomainError(TenantError.TENANT_NOT_FOUND);
  return row;
}

/** Tenant statuses in which connectors, DNS, ingress and certificates may be created or changed. */
export const OPERATIONAL_STATUSES = ['PROVISIONING', 'ACTIVE', 'SUSPENDED'];

/** scopedTenant, and 409 DPF-TEN-138 unless the tenant is operational (not FAILED or deprovisioned). */
export async function operationalTenant(tenants: TenantRepository, caller: Principal, tenantId: string): Promise<TenantRow> {
  const row = await scopedTenant(tenants, caller, tenantId);
  if (!OPERATIONAL_STATUSES.includes(row.status)) throw new DomainError(TenantError.TENANT_NOT_OPERATIONAL, undefined, { status: row.status });
  return row;
}
