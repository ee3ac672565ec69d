import { DomainError, ErrorCode, PLATFORM_TENANT_ID, ServiceCallError, TENANT_STATUSES_WITHOUT_ACCESS, type TenantDirectoryEntry } from '@dataplat/kit';
import { TenantError } from '@dataplat/tenant/errors';
import { LRUCache } from 'lru-cache';

/** Where identity looks tenants up: the tenant subgraph's directory (kit TenantDirectoryClient). */
export interface TenantLookup {
  byId(id: string): Promise<TenantDirectoryEntry | null>;
  bySlug(slug: string): Promise<TenantDirectoryEntry | null>;
}

/**
 * What login needs to know about tenants, asked of the tenant service through its GraphQL API
 * (never its tables): the id behind a `tenantSlug`, and whether the tenant's users may sign in
 * (docs/tenant-lifecycle.md, "Suspension"). The platform tenant has no row and is always open.
 * Slugs are never reused, so slug -> id is cached; the status is asked on every login and
 * refresh (one in-process or loopback call, beside argon2), so a suspension holds at once.
 * When the tenant service cannot answer, login fails closed with 503.
 */
export class TenantDirectory {
  private readonly ids = new LRUCache<string, string>({ max: 10_000 });

  constructor(private readonly lookup: TenantLookup | undefined) {}

  async idOfSlug(slug: string): Promise<string | undefined> {
    const normalised = slug.trim().toLowerCase();
    if (normalised === 'platform') return PLATFORM_TENANT_ID;
    const known = this.ids.get(normalised);
    if (known) return known;
    const entry = await this.ask((l) => l.bySlug(normalised));
    if (entry) this.ids.set(normalised, entry.id);
    return entry?.id;
  }

  /** 403 DPF-TEN-004 when the tenant is suspended or being removed. */
  async assertOpen(tenantId: string): Promise<void> {
    if (tenantId === PLATFORM_TENANT_ID) return;
    const entry = await this.ask((l) => l.byId(tenantId));
    if (entry && TENANT_STATUSES_WITHOUT_ACCESS.includes(entry.status)) throw new DomainError(TenantError.TENANT_SUSPENDED);
  }

  private async ask(question: (lookup: TenantLookup) => Promise<TenantDirectoryEntry | null>): Promise<TenantDirectoryEntry | null> {
    if (!this.lookup) throw new Error('identity was built without a tenant directory (startIdentity needs tenantUrl)');
    try {
      return await question(this.lookup);
    } catch (e) {
      if (e instanceof ServiceCallError) throw new DomainError(ErrorCode.UPSTREAM_UNAVAILABLE, 'The tenant service is unavailable');
      throw e;
    }
  }
}
