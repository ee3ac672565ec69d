import { DomainError, ErrorCode, PLATFORM_TENANT_ID, ServiceCallError, TENANT_STATUSES_WITHOUT_ACCESS, type Principal, type TenantDirectoryClient } from '@dataplat/kit';
import { TenantError } from '@dataplat/tenant/errors';
import { LRUCache } from 'lru-cache';

/** Reads a tenant's status (null: no such tenant row, e.g. the platform tenant). */
export interface TenantStatusStore {
  statusOf(tenantId: string): Promise<string | null>;
}

/** Asks the tenant service's directory, through its GraphQL API (never its tables). */
export class DirectoryTenantStatusStore implements TenantStatusStore {
  constructor(private readonly directory: TenantDirectoryClient) {}

  /** 503 when the tenant service cannot answer. */
  async statusOf(tenantId: string): Promise<string | null> {
    try {
      return (await this.directory.byId(tenantId))?.status ?? null;
    } catch (e) {
      if (e instanceof ServiceCallError) throw new DomainError(ErrorCode.UPSTREAM_UNAVAILABLE);
      throw e;
    }
  }
}

/**
 * Refuses the credentials of users of a suspended (or removed) tenant at the edge: 403
 * DPF-TEN-004. Statuses are cached per tenant; the tenant service's NOTIFY on
 * TENANT_STATUS_CHANNEL drops an entry the moment a change commits, and entries expire after
 * `ttlMs` in case a notification was missed. Service tokens (platform-internal callers) and
 * the platform tenant are never refused. A store that cannot be read fails closed (503).
 */
export class TenantAccessGate {
  private readonly open = new LRUCache<string, boolean>({ max: 100_000 });

  constructor(
    private readonly store: TenantStatusStore,
    private readonly ttlMs = 30_000,
  ) {}

  async check(principal: Principal): Promise<void> {
    const tenantId = principal.homeTenantId;
    if (principal.kind === 'service_token' || !tenantId || tenantId === PLATFORM_TENANT_ID) return;
    let open = this.open.get(tenantId);
    if (open === undefined) {
      let status: string | null;
      try {
        status = await this.store.statusOf(tenantId);
      } catch {
        throw new DomainError(ErrorCode.UPSTREAM_UNAVAILABLE);
      }
      open = status === null || !TENANT_STATUSES_WITHOUT_ACCESS.includes(status);
      this.open.set(tenantId, open, { ttl: this.ttlMs });
    }
    if (!open) throw new DomainError(TenantError.TENANT_SUSPENDED);
  }

  /** NOTIFY payload: the tenant id whose status changed. */
  onNotification(payload: string): void {
    this.open.delete(payload.trim().toLowerCase());
  }

  clear(): void {
    this.open.clear();
  }
}
