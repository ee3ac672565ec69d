import type { Prisma, PrismaClient } from '@dataplat/db';
import type { EventRow } from '../chain/chain.repository';

export interface EventFilter {
  action?: string;
  from?: Date;
  to?: Date;
  actorId?: string;
  resourceType?: string;
  resourceId?: string;
  outcome?: string;
  category?: string;
}

/** Reads of the audit log (the chainer is its only writer); every query names its tenant. */
export class EventRepository {
  constructor(private readonly db: PrismaClient) {}

  /** Newest first. */
  async list(tenantId: string, filter: EventFilter, skip: number, take: number): Promise<{ rows: EventRow[]; total: number }> {
    const where = whereOf(tenantId, filter);
    const [rows, total] = await this.db.$transaction([
      this.db.auditEvent.findMany({ where, orderBy: { seq: 'desc' }, skip, take }),
      this.db.auditEvent.count({ where }),
    ]);
    return { rows, total };
  }

  find(tenantId: string, id: string): Promise<EventRow | null> {
    return this.db.auditEvent.findFirst({ where: { tenantId, id } });
  }

  /** Oldest first, by seq after `afterSeq` (keyset: constant cost per page at any depth). */
  page(tenantId: string, filter: EventFilter, afterSeq: bigint, take: number): Promise<EventRow[]> {
    return this.db.auditEvent.findMany({ where: { ...whereOf(tenantId, filter), seq: { gt: afterSeq } }, orderBy: { seq: 'asc' }, take });
  }
}

function whereOf(tenantId: string, f: EventFilter): Prisma.AuditEventWhereInput {
  return {
    tenantId,
    ...(f.action ? { action: f.action } : {}),
    ...(f.actorId ? { actorId: f.actorId } : {}),
    ...(f.resourceType ? { resourceType: f.resourceType } : {}),
    ...(f.resourceId ? { resourceId: f.resourceId } : {}),
    ...(f.outcome ? { outcome: f.outcome } : {}),
    ...(f.category ? { category: f.category } : {}),
    ...(f.from || f.to ? { occurredAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } } : {}),
  };
}
