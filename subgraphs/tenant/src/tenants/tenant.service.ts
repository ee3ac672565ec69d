import { DomainError, ErrorCode, isPlatformAdmin, paginate, pageWindow, type Page, type Principal } from '@dataplat/kit';
import type { TenantListArgs } from './tenant.inputs';
import { toTenant } from './tenant.model';
import type { TenantRepository } from './tenant.repository';
import type { Tenant } from './tenant.type';

/** Reads of tenants. A tenant's own administrators see only their tenant; others are 404. */
export class TenantService {
  constructor(private readonly repo: TenantRepository) {}

  async get(caller: Principal, id: string): Promise<Tenant> {
    if (!isPlatformAdmin(caller) && caller.tenantId !== id) throw new DomainError(ErrorCode.TENANT_NOT_FOUND);
    const row = await this.repo.find(id);
    if (!row) throw new DomainError(ErrorCode.TENANT_NOT_FOUND);
    return toTenant(row);
  }

  async list(args: TenantListArgs): Promise<Page<Tenant>> {
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list({ status: args.status, plan: args.plan }, skip, take);
    return { data: rows.map(toTenant), pagination: paginate(args.page, args.size, total) };
  }
}
