import { DomainError, ErrorCode, isUuid } from '@dataplat/kit';

/** The tenant named by X-Tenant-ID (any case), lower-cased; undefined when absent. Not a UUID: 400. */
export function requestedTenant(header: string | undefined): string | undefined {
  const requested = header?.trim().toLowerCase();
  if (!requested) return undefined;
  if (!isUuid(requested)) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'X-Tenant-ID must be a tenant id (UUID)');
  return requested;
}
