import type { PrismaClient } from '@dataplat/db';
import { eventHash, GENESIS_HASH } from './canonical';

export interface ChainVerification {
  tenantId: string;
  intact: boolean;
  eventsChecked: number;
  /** First seq whose link or hash does not hold (null when intact). */
  firstBrokenSeq: bigint | null;
  reason: string | null;
  /** Where verification started: the last purge checkpoint (0: the genesis). */
  checkpointSeq: bigint;
  headSeq: bigint;
  headHash: string;
}

const PAGE = 2000;

/**
 * Recomputes a tenant's chain from its last retention checkpoint (or the genesis): seq must
 * run on without gaps, each prev_hash must be the hash before it, each hash must be the
 * SHA-256 of the event's canonical form, and the last event must be the chain head (so that
 * removing events from the end is noticed too). Reads the log in keyset pages of 2000.
 */
export async function verifyChain(db: PrismaClient, tenantId: string): Promise<ChainVerification> {
  const checkpoint = await db.auditCheckpoint.findFirst({ where: { tenantId }, orderBy: { seq: 'desc' } });
  const head = await db.auditChainHead.findUnique({ where: { tenantId } });
  const start = checkpoint?.seq ?? 0n;
  let expectedSeq = start + 1n;
  let prevHash = checkpoint?.hash ?? GENESIS_HASH;
  let checked = 0;
  const headSeq = head?.seq ?? 0n;
  const result = (firstBrokenSeq: bigint | null, reason: string | null): ChainVerification => ({
    tenantId,
    intact: firstBrokenSeq === null,
    eventsChecked: checked,
    firstBrokenSeq,
    reason,
    checkpointSeq: start,
    headSeq,
    headHash: head?.hash ?? GENESIS_HASH,
  });
  for (;;) {
    const page = await db.auditEvent.findMany({ where: { tenantId, seq: { gte: expectedSeq } }, orderBy: { seq: 'asc' }, take: PAGE });
    for (const e of page) {
      if (e.seq !== expectedSeq) return result(expectedSeq, `event ${expectedSeq} is missing`);
      if (e.prevHash !== prevHash) return result(e.seq, 'prev_hash does not match the hash of the event before');
      if (eventHash(e) !== e.hash) return result(e.seq, 'hash does not match the event (the event was changed)');
      prevHash = e.hash;
      expectedSeq += 1n;
      checked++;
    }
    if (page.length < PAGE) break;
  }
  if (expectedSeq - 1n !== headSeq || prevHash !== (head?.hash ?? GENESIS_HASH)) {
    return result(expectedSeq <= headSeq ? expectedSeq : headSeq, 'the log ends before the chain head (events were removed)');
  }
  return result(null, null);
}
