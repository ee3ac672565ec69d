import type { PrismaClient } from '@dataplat/db';

/** What the edge needs to know about a key, read by its SHA-256. */
export interface ApiKeyRecord {
  tenantId: string;
  id: number;
  userId: string;
  mode: 'LIVE' | 'TEST';
  status: string;
  scopes: string[];
  ipWhitelist: string[];
  rateLimit: number | null;
  expiresAt: Date | null;
  /** For a ROTATING key: end of the grace period of its rotation (epoch when none is in progress). */
  graceEndsAt: Date | null;
  lastUsedAt: Date | null;
  ownerEnabled: boolean;
  ownerRoles: string[];
  /** Permission names the owner holds through those roles now. */
  ownerPermissions: string[];
}

export interface ApiKeyUsage {
  tenantId: string;
  id: number;
  at: Date;
  ip: string | null;
}

export interface ApiKeyStore {
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  recordUsage(usage: ApiKeyUsage[]): Promise<void>;
}

/** Reads keys through the edge's Prisma client: one indexed lookup (plus one for a rotating key). */
export class PrismaApiKeyStore implements ApiKeyStore {
  constructor(private readonly db: PrismaClient) {}

  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const row = await this.db.apiKey.findUnique({
      where: { keyHash: hash },
      select: {
        tenantId: true, id: true, userId: true, mode: true, status: true, scopes: true, ipWhitelist: true,
        rateLimit: true, expiresAt: true, lastUsedAt: true,
        user: { select: { enabled: true, roles: { select: { role: { select: { name: true, permissions: { select: { permission: { select: { name: true } } } } } } } } } },
      },
    });
    if (!row) return null;
    let graceEndsAt: Date | null = null;
    if (row.status === 'ROTATING') {
      const rotation = await this.db.apiKeyRotation.findFirst({
        where: { tenantId: row.tenantId, oldKeyId: row.id, status: 'IN_PROGRESS' },
        orderBy: { id: 'desc' },
        select: { graceEndsAt: true },
      });
      graceEndsAt = rotation?.graceEndsAt ?? new Date(0);
    }
    const roles = row.user.roles.map((r) => r.role);
    return {
      tenantId: row.tenantId,
      id: row.id,
      userId: row.userId,
      mode: row.mode === 'TEST' ? 'TEST' : 'LIVE',
      status: row.status,
      scopes: row.scopes,
      ipWhitelist: row.ipWhitelist,
      rateLimit: row.rateLimit,
      expiresAt: row.expiresAt,
      graceEndsAt,
      lastUsedAt: row.lastUsedAt,
      ownerEnabled: row.user.enabled,
      ownerRoles: roles.map((r) => r.name).sort(),
      ownerPermissions: [...new Set(roles.flatMap((r) => r.permissions.map((p) => p.permission.name)))],
    };
  }

  /** One transaction for the batch; updated_at is left alone (usage is not an edit). */
  async recordUsage(usage: ApiKeyUsage[]): Promise<void> {
    if (usage.length === 0) return;
    await this.db.$transaction(
      usage.map(
        (u) => this.db.$executeRaw`
          UPDATE identity.api_keys SET last_used_at = ${u.at}, last_used_ip = ${u.ip}
           WHERE tenant_id = ${u.tenantId}::uuid AND id = ${u.id} AND (last_used_at IS NULL OR last_used_at < ${u.at})`,
      ),
    );
  }
}
