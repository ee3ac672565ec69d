import { DomainError, ErrorCode, isPlatformAdmin, isUuid, type Principal } from '@dataplat/kit';
import type { TenantRepository, TenantRow } from '../tenants/tenant.repository';

/**
 * The tenant a quota or alert call acts on: platform administrators any tenant, everyone else
 * only their own. Another tenant's id, an unknown id or a malformed id is 404 DPF-TEN-001.
 */
export async function scopedTenant(tenants: TenantRepository, caller: Principal, tenantId: string): Promise<TenantRow> {
  const key = tenantId.toLowerCase();
  if (!isUuid(key) || (!isPlatformAdmin(caller) && caller.tenantId !== key)) throw new DomainError(ErrorCode.TENANT_NOT_FOUND);
  const row = await tenants.find(key);
  if (!row) throw new DomainError(ErrorCode.TENANT_NOT_FOUND);
  return row;
}
