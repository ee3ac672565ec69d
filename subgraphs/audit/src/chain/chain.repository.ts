import { createHash } from 'node:crypto';
import type { Prisma, PrismaClient } from '@dataplat/db';
import { PLATFORM_TENANT_ID, type AuditRecord } from '@dataplat/kit';
import type { UserLookup } from '../core';
import { eventHash, GENESIS_HASH } from './canonical';

type Tx = Prisma.TransactionClient;
export type EventRow = Prisma.AuditEventGetPayload<object>;

/**
 * The only writer of audit.events: moves intake rows into each tenant's hash chain. Safe with
 * any number of chainers: intake rows are claimed FOR UPDATE SKIP LOCKED, and each tenant's
 * chain head row is locked FOR UPDATE (tenants in sorted order) while its events are appended,
 * so seq stays gapless and every event points at the hash before it.
 */
export class ChainRepository {
  constructor(
    private readonly db: PrismaClient,
    private readonly users: UserLookup,
  ) {}

  /** Appends up to `batch` intake rows (oldest first); returns how many. */
  async appendBatch(batch: number): Promise<number> {
    return this.db.$transaction(
      async (tx) => {
        // Claimed and removed in one statement; a rollback puts them back.
        const claimed = await tx.$queryRaw<RawIntake[]>`
          DELETE FROM audit.intake WHERE id IN (SELECT id FROM audit.intake ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
          RETURNING id, event_id::text AS "eventId", tenant_id::text AS "tenantId",
                    to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
                    actor_kind AS "actorKind", actor_id AS "actorId", actor_tenant_id::text AS "actorTenantId", actor_roles AS "actorRoles",
                    action, category, resource_type AS "resourceType", resource_id AS "resourceId", outcome, error_code AS "errorCode",
                    request_id AS "requestId", ip, user_agent AS "userAgent", details, subject_email AS "subjectEmail"`;
        if (!claimed.length) return 0;
        claimed.sort((a, b) => (a.id < b.id ? -1 : 1));
        const fresh = await withoutRecordedEvents(tx, claimed);
        const byTenant = new Map<string, Intake[]>();
        for (const raw of fresh) {
          const row: Intake = { ...raw, occurredAt: new Date(raw.occurredAt), actorRoles: raw.actorRoles ?? [], details: raw.details ?? {} };
          const resolved = row.tenantId ? row : await resolveTenant(this.users, row);
          const list = byTenant.get(resolved.tenantId!) ?? [];
          list.push(resolved);
          byTenant.set(resolved.tenantId!, list);
        }
        for (const tenantId of [...byTenant.keys()].sort()) await appendToChain(tx, tenantId, byTenant.get(tenantId)!);
        return claimed.length;
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  }
}

type Intake = AuditRecord & { id: bigint };

/**
 * An intake row whose event is already chained (the edge retried an INSERT whose commit it
 * never heard of) or twice in one batch is dropped here: chaining it again would fail on the
 * event id, and the batch would be retried for ever behind it.
 */
async function withoutRecordedEvents(tx: Tx, rows: RawIntake[]): Promise<RawIntake[]> {
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(r.eventId) && seen.add(r.eventId));
  const recorded = await tx.$queryRaw<Array<{ id: string }>>`SELECT id::text AS id FROM audit.events WHERE id = ANY(${unique.map((r) => r.eventId)}::uuid[])`;
  const done = new Set(recorded.map((r) => r.id));
  return unique.filter((r) => !done.has(r.eventId));
}
type RawIntake = Omit<Intake, 'occurredAt'> & { occurredAt: string };

/** Numbers and chains a tenant's rows after its locked head, inserted with one statement. */
async function appendToChain(tx: Tx, tenantId: string, rows: Intake[]): Promise<void> {
  await tx.$executeRaw`INSERT INTO audit.chain_heads (tenant_id, seq, hash, updated_at) VALUES (${tenantId}::uuid, 0, ${GENESIS_HASH}, now()) ON CONFLICT DO NOTHING`;
  const [head] = await tx.$queryRaw<Array<{ seq: bigint; hash: string }>>`SELECT seq, hash FROM audit.chain_heads WHERE tenant_id = ${tenantId}::uuid FOR UPDATE`;
  let seq = BigInt(head.seq);
  let prevHash = head.hash;
  const events = rows.map((r) => {
    seq += 1n;
    const fields = {
      tenantId, seq, id: r.eventId, occurredAt: r.occurredAt, actorKind: r.actorKind, actorId: r.actorId, actorTenantId: r.actorTenantId,
      actorRoles: r.actorRoles, action: r.action, category: r.category, resourceType: r.resourceType, resourceId: r.resourceId, outcome: r.outcome,
      errorCode: r.errorCode, requestId: r.requestId, ip: r.ip, userAgent: r.userAgent, details: r.details, prevHash,
    };
    const hash = eventHash(fields);
    prevHash = hash;
    return { ...fields, seq: seq.toString(), occurredAt: r.occurredAt.toISOString(), hash };
  });
  await tx.$executeRaw`
    INSERT INTO audit.events (tenant_id, seq, id, occurred_at, recorded_at, actor_kind, actor_id, actor_tenant_id, actor_roles, action, category,
                              resource_type, resource_id, outcome, error_code, request_id, ip, user_agent, details, prev_hash, hash)
    SELECT "tenantId", seq, id, "occurredAt", now(), "actorKind", "actorId", "actorTenantId", "actorRoles", action, category,
           "resourceType", "resourceId", outcome, "errorCode", "requestId", ip, "userAgent", details, "prevHash", hash
      FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS x("tenantId" uuid, seq bigint, id uuid, "occurredAt" timestamptz, "actorKind" text,
           "actorId" text, "actorTenantId" uuid, "actorRoles" text[], action text, category text, "resourceType" text, "resourceId" text, outcome text,
           "errorCode" text, "requestId" text, ip text, "userAgent" text, details jsonb, "prevHash" text, hash text)`;
  await tx.$executeRaw`UPDATE audit.chain_heads SET seq = ${seq}, hash = ${prevHash}, updated_at = now() WHERE tenant_id = ${tenantId}::uuid`;
}

/**
 * An anonymous failure (a login with a bad password) names no tenant: the attempted e-mail
 * finds it when it belongs to exactly one tenant (that user becomes the resource); otherwise
 * the event goes to the platform tenant's chain. The e-mail itself is kept only as a hash.
 */
async function resolveTenant(users: UserLookup, row: Intake): Promise<Intake> {
  const details = { ...row.details };
  if (!row.subjectEmail) return { ...row, tenantId: PLATFORM_TENANT_ID };
  const email = row.subjectEmail.trim().toLowerCase();
  details.emailHash = createHash('sha256').update(email).digest('hex');
  // Asked of identity's API; when it cannot answer, the batch rolls back and is retried.
  const found = await users.locate(email);
  if (found.length !== 1) return { ...row, tenantId: PLATFORM_TENANT_ID, details };
  const [user] = found;
  return { ...row, tenantId: user.tenantId, resourceType: row.resourceType ?? 'User', resourceId: row.resourceId ?? user.id, details };
}
