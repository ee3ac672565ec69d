import { createHash } from 'node:crypto';
import type { Prisma, PrismaClient } from '@dataplat/db';
import { PLATFORM_TENANT_ID } from '@dataplat/kit';
import { eventHash, GENESIS_HASH } from './canonical';

type Tx = Prisma.TransactionClient;
type IntakeRow = Prisma.AuditIntakeGetPayload<object>;
export type EventRow = Prisma.AuditEventGetPayload<object>;

/**
 * The only writer of audit.events: moves intake rows into each tenant's hash chain. Safe with
 * any number of chainers: intake rows are claimed FOR UPDATE SKIP LOCKED, and each tenant's
 * chain head row is locked FOR UPDATE (tenants in sorted order) while its events are appended,
 * so seq stays gapless and every event points at the hash before it.
 */
export class ChainRepository {
  constructor(private readonly db: PrismaClient) {}

  /** Appends up to `batch` intake rows (oldest first); returns how many. */
  async appendBatch(batch: number): Promise<number> {
    return this.db.$transaction(
      async (tx) => {
        const locked = await tx.$queryRaw<Array<{ id: bigint }>>`
          SELECT id FROM audit.intake ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED`;
        if (!locked.length) return 0;
        const rows = await tx.auditIntake.findMany({ where: { id: { in: locked.map((r) => r.id) } }, orderBy: { id: 'asc' } });
        const byTenant = new Map<string, Array<IntakeRow & { tenantId: string }>>();
        for (const row of rows) {
          const resolved = row.tenantId ? row : await resolveTenant(tx, row);
          const list = byTenant.get(resolved.tenantId!) ?? [];
          list.push(resolved as IntakeRow & { tenantId: string });
          byTenant.set(resolved.tenantId!, list);
        }
        for (const tenantId of [...byTenant.keys()].sort()) await appendToChain(tx, tenantId, byTenant.get(tenantId)!);
        await tx.auditIntake.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
        return rows.length;
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  }
}

async function appendToChain(tx: Tx, tenantId: string, rows: Array<IntakeRow & { tenantId: string }>): Promise<void> {
  await tx.$executeRaw`INSERT INTO audit.chain_heads (tenant_id, seq, hash, updated_at) VALUES (${tenantId}::uuid, 0, ${GENESIS_HASH}, now()) ON CONFLICT DO NOTHING`;
  const [head] = await tx.$queryRaw<Array<{ seq: bigint; hash: string }>>`SELECT seq, hash FROM audit.chain_heads WHERE tenant_id = ${tenantId}::uuid FOR UPDATE`;
  let seq = BigInt(head.seq);
  let prevHash = head.hash;
  const events: Prisma.AuditEventCreateManyInput[] = rows.map((r) => {
    seq += 1n;
    const fields = {
      tenantId,
      seq,
      id: r.eventId,
      occurredAt: r.occurredAt,
      actorKind: r.actorKind,
      actorId: r.actorId,
      actorTenantId: r.actorTenantId,
      actorRoles: r.actorRoles,
      action: r.action,
      category: r.category,
      resourceType: r.resourceType,
      resourceId: r.resourceId,
      outcome: r.outcome,
      errorCode: r.errorCode,
      requestId: r.requestId,
      ip: r.ip,
      userAgent: r.userAgent,
      details: r.details as Prisma.InputJsonObject,
      prevHash,
    };
    const hash = eventHash(fields);
    prevHash = hash;
    return { ...fields, hash };
  });
  await tx.auditEvent.createMany({ data: events });
  await tx.auditChainHead.update({ where: { tenantId }, data: { seq, hash: prevHash } });
}

/**
 * An anonymous failure (a login with a bad password) names no tenant: the attempted e-mail
 * finds it when it belongs to exactly one tenant (that user becomes the resource); otherwise
 * the event goes to the platform tenant's chain. The e-mail itself is kept only as a hash.
 */
async function resolveTenant(tx: Tx, row: IntakeRow): Promise<IntakeRow> {
  const details = { ...((row.details as Record<string, unknown>) ?? {}) };
  if (!row.subjectEmail) return { ...row, tenantId: PLATFORM_TENANT_ID };
  const email = row.subjectEmail.trim().toLowerCase();
  details.emailHash = createHash('sha256').update(email).digest('hex');
  const users = await tx.user.findMany({ where: { email: { equals: email, mode: 'insensitive' } }, select: { id: true, tenantId: true }, take: 2 });
  if (users.length !== 1) return { ...row, tenantId: PLATFORM_TENANT_ID, details: details as Prisma.JsonObject };
  const [user] = users;
  return { ...row, tenantId: user.tenantId, resourceType: row.resourceType ?? 'User', resourceId: row.resourceId ?? user.id, details: details as Prisma.JsonObject };
}
