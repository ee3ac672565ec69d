import type { ApiKeyModel, ApiKeyRotationModel, Prisma, PrismaClient } from '@dataplat/db';

import { API_KEY_CHANNEL } from '@dataplat/kit';

type Tx = Prisma.TransactionClient;
export type ApiKeyRow = ApiKeyModel;
export type RotationRow = ApiKeyRotationModel;

export interface NewApiKey {
  tenantId: string;
  userId: string;
  name: string;
  description: string;
  mode: string;
  prefix: string;
  keyHash: string;
  scopes: string[];
  ipWhitelist: string[];
  rateLimit: number | null;
  expiresAt: Date | null;
}

export const SORTABLE_API_KEY_FIELDS = ['createdAt', 'name', 'expiresAt', 'lastUsedAt'] as const;
export type ApiKeySortField = (typeof SORTABLE_API_KEY_FIELDS)[number];

const notify = (tx: Tx, payload: string) => tx.$executeRaw`SELECT pg_notify(${API_KEY_CHANNEL}, ${payload})`;

/**
 * The only Prisma caller for API keys and their rotations. Every method is filtered by the
 * tenant and the owning user: one user never sees, let alone changes, another's keys.
 */
export class ApiKeyRepository {
  constructor(private readonly db: PrismaClient) {}

  async create(k: NewApiKey): Promise<ApiKeyRow> {
    return this.db.$transaction(async (tx) => {
      const row = await tx.apiKey.create({ data: k });
      await notify(tx, k.keyHash); // drops a cached "unknown key" at the edges
      return row;
    });
  }

  findOwn(tenantId: string, userId: string, id: number): Promise<ApiKeyRow | null> {
    return this.db.apiKey.findFirst({ where: { tenantId, userId, id } });
  }

  async listOwn(q: { tenantId: string; userId: string; skip: number; take: number; sort: ApiKeySortField; order: 'asc' | 'desc' }) {
    const where = { tenantId: q.tenantId, userId: q.userId };
    const [total, rows] = await this.db.$transaction([
      this.db.apiKey.count({ where }),
      this.db.apiKey.findMany({ where, orderBy: [orderOf(q.sort, q.order), { id: 'asc' }], skip: q.skip, take: q.take }),
    ]);
    return { rows, total };
  }

  /** graceEndsAt of the in-progress rotations replacing these keys (old key id -> end). */
  async graceEnds(tenantId: string, oldKeyIds: number[]): Promise<Map<number, Date>> {
    if (oldKeyIds.length === 0) return new Map();
    const rows = await this.db.apiKeyRotation.findMany({ where: { tenantId, oldKeyId: { in: oldKeyIds }, status: 'IN_PROGRESS' }, select: { oldKeyId: true, graceEndsAt: true } });
    return new Map(rows.map((r) => [r.oldKeyId, r.graceEndsAt]));
  }

  /** Revokes the key (no-op when already revoked). Completes a rotation it is the old key of. */
  async revoke(tenantId: string, userId: string, id: number): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const key = await tx.apiKey.findFirst({ where: { tenantId, userId, id }, select: { keyHash: true, status: true } });
      if (!key) return false;
      if (key.status === 'REVOKED') return true;
      const now = new Date();
      await tx.apiKey.updateMany({ where: { tenantId, id }, data: { status: 'REVOKED', revokedAt: now } });
      await tx.apiKeyRotation.updateMany({ where: { tenantId, oldKeyId: id, status: 'IN_PROGRESS' }, data: { status: 'COMPLETED', completedAt: now } });
      await notify(tx, key.keyHash);
      return true;
    });
  }

  /**
   * Marks the old key ROTATING, creates its replacement and the rotation record, in one
   * transaction. Returns null when the key is not ACTIVE or is the new key of a rotation
   * still in progress (the conditional update also serialises concurrent rotations).
   */
  async rotate(tenantId: string, userId: string, oldId: number, replacement: NewApiKey, startedAt: Date, graceEndsAt: Date): Promise<{ rotation: RotationRow; newKey: ApiKeyRow } | null> {
    return this.db.$transaction(async (tx) => {
      const marked = await tx.apiKey.updateMany({ where: { tenantId, userId, id: oldId, status: 'ACTIVE' }, data: { status: 'ROTATING' } });
      if (marked.count !== 1) return null;
      const pending = await tx.apiKeyRotation.count({ where: { tenantId, newKeyId: oldId, status: 'IN_PROGRESS', graceEndsAt: { gt: startedAt } } });
      if (pending > 0) throw new RotationConflict();
      const old = await tx.apiKey.findFirstOrThrow({ where: { tenantId, id: oldId }, select: { keyHash: true } });
      const newKey = await tx.apiKey.create({ data: replacement });
      const rotation = await tx.apiKeyRotation.create({ data: { tenantId, oldKeyId: oldId, newKeyId: newKey.id, startedAt, graceEndsAt } });
      await notify(tx, old.keyHash);
      await notify(tx, newKey.keyHash);
      return { rotation, newKey };
    }).catch((e) => {
      if (e instanceof RotationConflict) return null;
      throw e;
    });
  }

  /** The latest rotation the key took part in, old or new (caller has checked ownership). */
  latestRotation(tenantId: string, keyId: number): Promise<RotationRow | null> {
    return this.db.apiKeyRotation.findFirst({ where: { tenantId, OR: [{ oldKeyId: keyId }, { newKeyId: keyId }] }, orderBy: { id: 'desc' } });
  }

  /**
   * Completes the in-progress rotation: the old key is revoked at once. Null when the
   * rotation is no longer in progress (completed, or its grace period ran out).
   */
  async complete(tenantId: string, rotationId: number): Promise<RotationRow | null> {
    return this.db.$transaction(async (tx) => {
      const now = new Date();
      const done = await tx.apiKeyRotation.updateMany({ where: { tenantId, id: rotationId, status: 'IN_PROGRESS', graceEndsAt: { gt: now } }, data: { status: 'COMPLETED', completedAt: now } });
      if (done.count !== 1) return null;
      const rotation = await tx.apiKeyRotation.findFirstOrThrow({ where: { tenantId, id: rotationId } });
      const old = await tx.apiKey.findFirstOrThrow({ where: { tenantId, id: rotation.oldKeyId }, select: { keyHash: true } });
      await tx.apiKey.updateMany({ where: { tenantId, id: rotation.oldKeyId, status: { not: 'REVOKED' } }, data: { status: 'REVOKED', revokedAt: now } });
      await notify(tx, old.keyHash);
      return rotation;
    });
  }

  /**
   * Records rotations of this key whose grace period has run out as EXPIRED, and their old
   * key as revoked at the end of the grace period. The edge already refuses such keys by
   * time; this only makes the stored state say so.
   */
  settleExpired(tenantId: string, keyId: number) {
    return this.db.$executeRaw`
      WITH expired AS (
        UPDATE identity.api_key_rotations SET status = 'EXPIRED'
         WHERE tenant_id = ${tenantId}::uuid AND status = 'IN_PROGRESS' AND grace_ends_at <= now()
           AND (old_key_id = ${keyId} OR new_key_id = ${keyId})
        RETURNING tenant_id, old_key_id, grace_ends_at)
      UPDATE identity.api_keys k SET status = 'REVOKED', revoked_at = e.grace_ends_at, updated_at = now()
        FROM expired e
       WHERE k.tenant_id = e.tenant_id AND k.id = e.old_key_id AND k.status = 'ROTATING'`;
  }

  /** Permission names the user holds through their roles (identity.role_permissions). */
  async permissionsOf(tenantId: string, userId: string): Promise<Set<string>> {
    const rows = await this.db.rolePermission.findMany({
      where: { role: { users: { some: { tenantId, userId } } } },
      select: { permission: { select: { name: true } } },
    });
    return new Set(rows.map((r) => r.permission.name));
  }
}

class RotationConflict extends Error {}

/** Keys never used or never expiring sort last, whatever the direction. */
function orderOf(sort: ApiKeySortField, order: 'asc' | 'desc'): Prisma.ApiKeyOrderByWithRelationInput {
  if (sort === 'expiresAt' || sort === 'lastUsedAt') return { [sort]: { sort: order, nulls: 'last' } };
  return { [sort]: order };
}
