import type { PrismaClient } from '@dataplat/db';
import { DomainError, ErrorCode, PLATFORM_TENANT_ID, TENANT_STATUSES_WITHOUT_ACCESS } from '@dataplat/kit';

/**
 * What login needs to know about tenants, read (never written) from the tenant service's
 * table: the id behind a `tenantSlug`, and whether the tenant's users may sign in
 * (docs/tenant-lifecycle.md, "Suspension"). The platform tenant has no row and is always open.
 */
export class TenantDirectory {
  constructor(private readonly db: PrismaClient) {}

  async idOfSlug(slug: string): Promise<string | undefined> {
    const normalised = slug.trim().toLowerCase();
    if (normalised === 'platform') return PLATFORM_TENANT_ID;
    const row = await this.db.tenant.findUnique({ where: { slug: normalised }, select: { id: true } });
    return row?.id;
  }

  /** 403 DPF-TEN-004 when the tenant is suspended or being removed. */
  async assertOpen(tenantId: string): Promise<void> {
    if (tenantId === PLATFORM_TENANT_ID) return;
    const row = await this.db.tenant.findUnique({ where: { id: tenantId }, select: { status: true } });
    if (row && TENANT_STATUSES_WITHOUT_ACCESS.includes(row.status)) throw new DomainError(ErrorCode.TENANT_SUSPENDED);
  }
}
