import type { Prisma, PrismaClient } from '@dataplat/db';
import { TENANT_STATUS_CHANNEL } from '@dataplat/kit';

export type TenantRow = Prisma.TenantGetPayload<object>;
export type StatusChangeRow = Prisma.TenantStatusChangeGetPayload<object>;

export interface NewTenant {
  name: string;
  slug: string;
  plan: string;
  tier: string;
  region: string;
  adminEmail: string;
  settings: Prisma.InputJsonValue;
}

export interface StatusMove {
  from: string;
  to: string;
  reason?: string | null;
  actor: string;
  /** Columns set with the move (activatedAt, suspendedAt, ...). */
  data?: Prisma.TenantUpdateManyMutationInput;
}

/**
 * The only Prisma caller for tenants. A tenant row is its own tenant scope (id = tenant id).
 * Every status change is recorded in the status history and announced on
 * TENANT_STATUS_CHANNEL in the transaction that makes it (edges drop their cached status on commit).
 */
export class TenantRepository {
  constructor(private readonly db: PrismaClient) {}

  find(id: string): Promise<TenantRow | null> {
    return this.db.tenant.findUnique({ where: { id } });
  }

  findManyByIds(ids: string[]): Promise<TenantRow[]> {
    return this.db.tenant.findMany({ where: { id: { in: ids } } });
  }

  findBySlug(slug: string): Promise<TenantRow | null> {
    return this.db.tenant.findUnique({ where: { slug } });
  }

  async list(where: Prisma.TenantWhereInput, skip: number, take: number): Promise<{ rows: TenantRow[]; total: number }> {
    const [rows, total] = await this.db.$transaction([
      this.db.tenant.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip, take }),
      this.db.tenant.count({ where }),
    ]);
    return { rows, total };
  }

  /** A new tenant in status PROVISIONING, with the first entry of its history. */
  create(tenant: NewTenant, actor: string): Promise<TenantRow> {
    return this.db.$transaction(async (tx) => {
      const row = await tx.tenant.create({ data: { ...tenant, status: 'PROVISIONING' } });
      await tx.tenantStatusChange.create({ data: { tenantId: row.id, fromStatus: null, toStatus: 'PROVISIONING', actor } });
      return row;
    });
  }

  /** Removes a tenant whose provisioning never got anywhere (its history goes with it). */
  async delete(id: string): Promise<void> {
    await this.db.tenant.deleteMany({ where: { id } });
  }

  update(id: string, data: Prisma.TenantUpdateInput): Promise<TenantRow> {
    return this.db.tenant.update({ where: { id }, data });
  }

  /**
   * Moves the tenant from `from` to `to` only if it is still in `from` (a concurrent move
   * wins, this one returns null), records the move and notifies the edges. `within` runs in
   * the same transaction (e.g. the provisioning job's move); if it throws, nothing is written.
   */
  moveStatus(id: string, move: StatusMove, within?: (tx: Prisma.TransactionClient) => Promise<void>): Promise<TenantRow | null> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.tenant.updateMany({
        where: { id, status: move.from },
        data: { ...move.data, status: move.to, statusReason: move.reason ?? null },
      });
      if (count === 0) return null;
      await tx.tenantStatusChange.create({ data: { tenantId: id, fromStatus: move.from, toStatus: move.to, reason: move.reason ?? null, actor: move.actor } });
      await within?.(tx);
      await tx.$executeRaw`SELECT pg_notify(${TENANT_STATUS_CHANNEL}, ${id})`;
      return tx.tenant.findUnique({ where: { id } });
    });
  }

  history(tenantId: string, take: number): Promise<StatusChangeRow[]> {
    return this.db.tenantStatusChange.findMany({ where: { tenantId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take });
  }
}
