import { createHash } from 'node:crypto';
import { type PrismaClient, isUniqueViolation } from '@dataplat/db';
import { DomainError, ErrorCode } from '@dataplat/kit';

export interface StoredResponse {
  status: number;
  body: unknown;
}

export type IdempotencyBegin = { kind: 'new' } | { kind: 'replay'; response: StoredResponse };

/**
 * X-Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field" semantics): the
 * first response of a mutation is stored per caller and key and replayed to retries of
 * the same request; the same key with another request is 422, a concurrent retry while
 * the first is still running is 409. Server errors (5xx) are not stored, so the client
 * may retry them. Records expire after IDEMPOTENCY_TTL.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: PrismaClient,
    private readonly ttlSeconds: number,
  ) {}

  static requestHash(method: string, path: string, body: unknown): string {
    return createHash('sha256').update(`${method}\n${path}\n${canonicalJson(body ?? null)}`).digest('hex');
  }

  async begin(callerKey: string, key: string, method: string, path: string, requestHash: string): Promise<IdempotencyBegin> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.ttlSeconds * 1000);
    try {
      await this.db.idempotencyRecord.create({ data: { callerKey, key, method, path, requestHash, state: 'IN_PROGRESS', expiresAt } });
      return { kind: 'new' };
    } catch (e) {
      if (!(isUniqueViolation(e))) throw e;
    }
    const existing = await this.db.idempotencyRecord.findUnique({ where: { callerKey_key: { callerKey, key } } });
    if (!existing || existing.expiresAt <= now) {
      // Expired (or just released): take the key over.
      await this.db.idempotencyRecord.deleteMany({ where: { callerKey, key, expiresAt: { lte: now } } });
      return this.begin(callerKey, key, method, path, requestHash);
    }
    if (existing.requestHash !== requestHash) throw new DomainError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    if (existing.state !== 'COMPLETED') throw new DomainError(ErrorCode.IDEMPOTENCY_IN_PROGRESS);
    return { kind: 'replay', response: { status: existing.responseStatus ?? 200, body: existing.responseBody === null ? null : JSON.parse(existing.responseBody) } };
  }

  async complete(callerKey: string, key: string, response: StoredResponse): Promise<void> {
    if (response.status >= 500) {
      await this.release(callerKey, key);
      return;
    }
    await this.db.idempotencyRecord.update({
      where: { callerKey_key: { callerKey, key } },
      data: { state: 'COMPLETED', responseStatus: response.status, responseBody: response.body === undefined ? null : JSON.stringify(response.body) },
    });
  }

  async release(callerKey: string, key: string): Promise<void> {
    await this.db.idempotencyRecord.deleteMany({ where: { callerKey, key, state: 'IN_PROGRESS' } });
  }

  /** Deletes expired records; run periodically. */
  async purgeExpired(): Promise<number> {
    const { count } = await this.db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: new Date() } } });
    return count;
  }
}

/** JSON with object keys sorted, so that key order does not make a different request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
