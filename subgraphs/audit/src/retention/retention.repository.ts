import { Prisma, type PrismaClient } from '@dataplat/db';

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

  /** In how many ms the first event of some chain outlives its retention (≤ 0: already; null: no events). */
  async purgeDueInMs(defaultDays: number): Promise<number | null> {
    const [row] = await this.db.$queryRaw<Array<{ ms: number | null }>>`
      SELECT (EXTRACT(EPOCH FROM min(remaining)) * 1000)::float8 AS ms FROM (${firstEventExpiries(defaultDays)}) f`;
    return row?.ms ?? null;
  }

  /** Tenants whose chain starts with an expired event: each has a prefix to purge. */
  async tenantsWithExpiredEvents(defaultDays: number): Promise<string[]> {
    const rows = await this.db.$queryRaw<Array<{ tenant_id: string }>>`
      SELECT tenant_id::text AS tenant_id FROM (${firstEventExpiries(defaultDays)}) f WHERE remaining <= interval '0' ORDER BY tenant_id`;
    return rows.map((r) => r.tenant_id);
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

/**
 * How long the first event of each tenant's chain has left before it outlives its category's
 * retention (≤ 0: it has). A prefix can be purged exactly when that first event has: purgePrefix
 * deletes up to the first event kept, with the same comparison.
 */
function firstEventExpiries(defaultDays: number): Prisma.Sql {
  return Prisma.sql`
    SELECT h.tenant_id, f.occurred_at - (now() - make_interval(days => coalesce(p.retention_days, ${defaultDays}::int))) AS remaining
      FROM audit.chain_heads h
     CROSS JOIN LATERAL (SELECT e.occurred_at, e.category FROM audit.events e WHERE e.tenant_id = h.tenant_id ORDER BY e.seq LIMIT 1) f
      LEFT JOIN audit.retention_policies p ON p.tenant_id = h.tenant_id AND p.category = f.category`;
}
