import { AUDIT_PERMISSIONS } from '@dataplat/audit/permissions';
import { BILLING_PERMISSIONS } from '@dataplat/billing/permissions';
import { CONFIG_PERMISSIONS } from '@dataplat/config/permissions';
import type { PermissionDefinition } from '@dataplat/kit';
import { NOTIFICATION_PERMISSIONS } from '@dataplat/notification/permissions';
import { TENANT_PERMISSIONS } from '@dataplat/tenant/permissions';
import { IDENTITY_PERMISSIONS } from './permissions';

/** Each domain's declared permissions (its `src/permissions.ts`), by domain name. */
export const DOMAIN_PERMISSIONS: Readonly<Record<string, readonly PermissionDefinition[]>> = {
  identity: IDENTITY_PERMISSIONS,
  tenant: TENANT_PERMISSIONS,
  config: CONFIG_PERMISSIONS,
  notification: NOTIFICATION_PERMISSIONS,
  billing: BILLING_PERMISSIONS,
  audit: AUDIT_PERMISSIONS,
};

/**
 * The permission catalogue identity seeds (`identity.permissions`): the union of every domain's
 * declarations. A name belongs to one domain; declaring it twice is a programming error.
 */
export function catalogue(domains: Readonly<Record<string, readonly PermissionDefinition[]>> = DOMAIN_PERMISSIONS): PermissionDefinition[] {
  const owner = new Map<string, string>();
  const all: PermissionDefinition[] = [];
  for (const [domain, definitions] of Object.entries(domains)) {
    for (const d of definitions) {
      const other = owner.get(d.name);
      if (other) throw new Error(`permission ${d.name} is declared by both ${other} and ${domain}`);
      owner.set(d.name, domain);
      all.push(d);
    }
  }
  return all;
}

export const CATALOGUE: readonly PermissionDefinition[] = catalogue();
