import { DomainError, ErrorCode, isPlatformAdmin, isUuid, type Principal } from '@dataplat/kit';
import { BillingError } from '../errors';

/**
 * The tenant a billing call acts on: platform administrators any tenant, tenant
 * administrators only their own. Another tenant's id or a malformed id is 404 DPF-BIL-001,
 * so a caller cannot learn which tenants exist.
 */
export function scopedTenantId(caller: Principal, tenantId: string): string {
  const key = tenantId.trim().toLowerCase();
  if (!isUuid(key) || (!isPlatformAdmin(caller) && caller.tenantId !== key)) throw new DomainError(BillingError.TENANT_NOT_FOUND);
  return key;
}

/** The tenant the caller acts in (its token's, or X-Tenant-ID for a platform admin). */
export function actingTenantId(caller: Principal): string {
  if (!caller.tenantId) throw new DomainError(ErrorCode.TENANT_REQUIRED);
  return caller.tenantId;
}
