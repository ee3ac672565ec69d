import { DomainError, isPlatformAdmin, PLATFORM_TENANT_ID, type Principal } from '@dataplat/kit';
import { ConfigError } from './errors';

/**
 * Tenant scoping of the configuration service (docs/config-service.md "Tenant scoping"):
 * rows of the platform tenant are platform-wide, rows of another tenant are its own.
 */

/** The tenant the caller acts in; a caller without one (a service) acts platform-wide. */
export const actingTenant = (p: Principal): string => p.tenantId ?? PLATFORM_TENANT_ID;

/** The tenants whose rows the caller sees, highest precedence first: its own, then the platform's. */
export const layersOf = (p: Principal): string[] => {
  const tenant = actingTenant(p);
  return tenant === PLATFORM_TENANT_ID ? [PLATFORM_TENANT_ID] : [tenant, PLATFORM_TENANT_ID];
};

/** The tenant a write goes to. Writes in the platform tenant reach every tenant: platform admins only. */
export function requireWriter(p: Principal): string {
  const tenant = actingTenant(p);
  if (tenant === PLATFORM_TENANT_ID && !isPlatformAdmin(p)) throw new DomainError(ConfigError.PLATFORM_ADMIN_ONLY);
  return tenant;
}
