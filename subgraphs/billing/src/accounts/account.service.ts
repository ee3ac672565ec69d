import { DomainError } from '@dataplat/kit';
import { BillingError } from '../errors';
import type { AccountRepository, AccountRow } from './account.repository';
import type { TenantDirectory } from './tenant-directory';

/**
 * Billing accounts, created on first use: the tenant's plan and admin e-mail are read through
 * the graph once and kept; `refresh` reads them again (billing view, invoice generation).
 */
export class AccountService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly directory: TenantDirectory,
  ) {}

  /** The account of an existing tenant; 404 DPF-BIL-001 when the tenant service does not know it. */
  async ensure(tenantId: string, refresh = false): Promise<AccountRow> {
    const known = await this.repo.find(tenantId);
    if (known && !refresh) return known;
    const tenant = await this.directory.find(tenantId);
    if (!tenant) {
      if (known) return known; // deprovisioned and gone: its history still bills on the last plan
      throw new DomainError(BillingError.TENANT_NOT_FOUND);
    }
    if (known && known.planId === tenant.plan && known.adminEmail === tenant.adminEmail) return known;
    return this.repo.upsert(tenantId, tenant.plan, tenant.adminEmail);
  }

  all(): Promise<AccountRow[]> {
    return this.repo.all();
  }
}
