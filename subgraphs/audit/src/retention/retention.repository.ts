import type { Prisma, PrismaClient } from '@dataplat/db';

export type PolicyRow = Prisma.AuditRetentionPolicyGetPayload<object>;

/** Retention policies and the purge (the only deleter of audit events). */
export class RetentionRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The tenant's policies, creating the missing categories with the default first. */
  async ensure(tenantId: string, categories: string[], defaultDays: number): Promise<PolicyRow[]> {
    await this.db.auditRetentionPolicy.createMany({ data: categories.map((category) => ({ tenantId, category, retentionDays: defaultDays })), skipDuplicates: true });
    return this.db.auditRetentionPolicy.findMany({ where: { tenantId }, orderBy: { category: 'asc' } });
  }

  find(tenantId: string, id: string): Promise<PolicyRow | null> {
    return this.db.auditRetentionPolicy.findFirst({ where: { tenantId, id } });
  }

  async update(tenantId: string, id: string, retentionDays: number, updatedBy: string): Promise<PolicyRow | null> {
    const { count } = await this.db.auditRetentionPolicy.updateMany({ where: { tenantId, id }, data: { retentionDays, updatedBy } });
    return count ? this.find(tenantId, id) : null;
  }

  /** Tenants that have a chain. */
  async tenantsWithEvents(): Promise<string[]> {
    return (await this.db.auditChainHead.findMany({ select: { tenantId: true } })).map((h) => h.tenantId);
  }

  /**
   * Deletes the longest prefix of the tenant's chain in which every event has outlived its
   * category's retention, and records a checkpoint {seq, hash} of the last deleted event, in
   * one transaction (the append-only trigger lets the delete through only with audit.purge on).
   */
  async purgePrefix(tenantId: string, defaultDays: number): Promise<{ purged: number; checkpointSeq: bigint | null }> {
    return this.db.$transaction(
      async (tx) => {
        const [head] = await tx.$queryRaw<Array<{ seq: bigint }>>`SELECT seq FROM audit.chain_heads WHERE tenant_id = ${tenantId}::uuid FOR UPDATE`;
        if (!head) return { purged: 0, checkpointSeq: null };
        const [keep] = await tx.$queryRaw<Array<{ seq: bigint | null }>>`
          SELECT min(e.seq) AS seq FROM audit.events e
            LEFT JOIN audit.retention_policies p ON p.tenant_id = e.tenant_id AND p.category = e.category
           WHERE e.tenant_id = ${tenantId}::uuid
             AND e.occurred_at > now() - make_interval(days => coalesce(p.retention_days, ${defaultDays}))`;
        const firstKept = keep?.seq ?? BigInt(head.seq) + 1n;
        const last = await tx.auditEvent.findFirst({ where: { tenantId, seq: { lt: firstKept } }, orderBy: { seq: 'desc' }, select: { seq: true, hash: true } });
        if (!last) return { purged: 0, checkpointSeq: null };
        await tx.$executeRaw`SELECT set_config('audit.purge', 'on', true)`;
        const purged = await tx.$executeRaw`DELETE FROM audit.events WHERE tenant_id = ${tenantId}::uuid AND seq <= ${last.seq}`;
        await tx.$executeRaw`SELECT set_config('audit.purge', 'off', true)`;
        await tx.auditCheckpoint.create({ data: { tenantId, seq: last.seq, hash: last.hash, purgedCount: purged } });
        return { purged, checkpointSeq: last.seq };
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
  }
}
