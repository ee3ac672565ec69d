import type { PrismaClient } from '@dataplat/db';
import type { ApiKeyRecord, ApiKeyStore, ApiKeyUsage, PermissionStore, RevokedTokenStore, ScimTokenRecord, ScimTokenStore } from '@dataplat/kit';

/**
 * Identity's credential tables as every edge reads them on the request path: X-API-Key
 * lookups (and their usage, written behind), SCIM bearer tokens, the access-token
 * blocklist and the permissions of users' roles. Identity's code, run in the edge's process on the edge's Prisma client, so a
 * request costs no call to identity; the edge caches the answers and identity's NOTIFYs
 * (kit auth/channels.ts) invalidate them. docs/decisions.md §38.
 */
export interface EdgeCredentialStores {
  apiKeys: ApiKeyStore;
  scimTokens: ScimTokenStore;
  revokedTokens: RevokedTokenStore;
  permissions: PermissionStore;
}

export function createEdgeCredentialStores(db: PrismaClient): EdgeCredentialStores {
  return {
    apiKeys: new IdentityApiKeyStore(db),
    scimTokens: new IdentityScimTokenStore(db),
    revokedTokens: new IdentityRevokedTokenStore(db),
    permissions: new IdentityPermissionStore(db),
  };
}

/** API keys by hash: one indexed lookup (plus one for a rotating key). */
export class IdentityApiKeyStore implements ApiKeyStore {
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

/** SCIM bearer tokens by hash. */
export class IdentityScimTokenStore implements ScimTokenStore {
  constructor(private readonly db: PrismaClient) {}
  findByHash(hash: string): Promise<ScimTokenRecord | null> {
    return this.db.scimToken.findUnique({ where: { tokenHash: hash }, select: { tenantId: true, id: true, expiresAt: true, revokedAt: true } });
  }
}

/** The blocklist (identity.revoked_tokens), written by identity itself (RevocationRepository). */
export class IdentityRevokedTokenStore implements RevokedTokenStore {
  constructor(private readonly db: PrismaClient) {}
  async isRevoked(jti: string): Promise<boolean> {
    return (await this.db.revokedToken.findUnique({ where: { jti }, select: { jti: true } })) !== null;
  }
  live(): Promise<Array<{ jti: string; expiresAt: Date }>> {
    return this.db.revokedToken.findMany({ where: { expiresAt: { gt: new Date() } }, select: { jti: true, expiresAt: true } });
  }
}

/** The permissions of a user's roles (identity.role_permissions): one statement. */
export class IdentityPermissionStore implements PermissionStore {
  constructor(private readonly db: PrismaClient) {}

  async permissionsOf(tenantId: string, userId: string): Promise<string[]> {
    const rows = await this.db.rolePermission.findMany({
      where: { role: { users: { some: { tenantId, userId } } } },
      select: { permission: { select: { name: true } } },
    });
    return [...new Set(rows.map((r) => r.permission.name))].sort();
  }
}
