import type { PrismaClient } from '@dataplat/db';

export interface AccountRow {
  tenantId: string;
  planId: string;
  adminEmail: string;
  createdAt: Date;
}

/** billing.accounts: one row per tenant billing has seen. */
export class AccountRepository {
  constructor(private readonly db: PrismaClient) {}

  find(tenantId: string): Promise<AccountRow | null> {
    return this.db.billingAccount.findUnique({ where: { tenantId } });
  }

  upsert(tenantId: string, planId: string, adminEmail: string): Promise<AccountRow> {
    return this.db.billingAccount.upsert({ where: { tenantId }, create: { tenantId, planId, adminEmail }, update: { planId, adminEmail } });
  }

  all(): Promise<AccountRow[]> {
    return this.db.billingAccount.findMany({ orderBy: { tenantId: 'asc' } });
  }
}
