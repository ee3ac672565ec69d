import { createHash } from 'node:crypto';
import type { AuditRecord } from '@dataplat/kit';

/** prev_hash of the first event of a chain. */
export const GENESIS_HASH = '0'.repeat(64);
/** First element of the canonical form; a new form gets a new tag. */
export const CANONICAL_VERSION = 'dpf-audit-v1';

/** The fields of an event that its hash covers (docs/audit-service.md "Hash chain"). */
export type ChainedFields = Omit<AuditRecord, 'eventId' | 'tenantId' | 'subjectEmail' | 'details'> & {
  tenantId: string;
  seq: bigint;
  id: string;
  details: unknown;
  prevHash: string;
};

/**
 * The canonical serialisation: a JSON array (JSON.stringify, no spaces) of the version tag and
 * the fields in this fixed order, seq as a decimal string, occurredAt as ISO 8601 UTC with
 * milliseconds, absent values as null, details as JSON with object keys sorted at every depth.
 */
export function canonicalForm(e: ChainedFields): string {
  return JSON.stringify([
    CANONICAL_VERSION,
    e.tenantId.toLowerCase(),
    e.seq.toString(),
    e.id.toLowerCase(),
    e.occurredAt.toISOString(),
    e.actorKind,
    e.actorId ?? null,
    e.actorTenantId?.toLowerCase() ?? null,
    e.actorRoles,
    e.action,
    e.category,
    e.resourceType ?? null,
    e.resourceId ?? null,
    e.outcome,
    e.errorCode ?? null,
    e.requestId ?? null,
    e.ip ?? null,
    e.userAgent ?? null,
    sortKeys(e.details ?? {}),
    e.prevHash,
  ]);
}

/** hash = lowercase hex SHA-256 of the UTF-8 canonical form (which ends with prev_hash). */
export function eventHash(e: ChainedFields): string {
  return createHash('sha256').update(canonicalForm(e), 'utf8').digest('hex');
}

/** A JSON value with the keys of every object sorted (code-unit order); arrays keep their order. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}
