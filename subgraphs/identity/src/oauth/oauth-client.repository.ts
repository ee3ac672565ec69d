import type { OAuthClientModel, PrismaClient } from '@dataplat/db';
import { isUuid } from '@dataplat/kit';
import { blocklist } from '../tokens/revocation.repository';

export type OAuthClientRow = OAuthClientModel;

export interface NewOAuthClient {
  tenantId: string;
  name: string;
  secretHash: string | null;
  tokenEndpointAuthMethod: string;
  redirectUris: string[];
  grantTypes: string[];
  responseTypes: string[];
  scopes: string[];
  createdBy: string | null;
}

/** identity.oauth_clients. Every method but `findByClientId` is filtered by tenant. */
export class OAuthClientRepository {
  constructor(private readonly db: PrismaClient) {}

  create(c: NewOAuthClient): Promise<OAuthClientRow> {
    return this.db.oAuthClient.create({ data: { ...c, secretIssuedAt: c.secretHash ? new Date() : null } });
  }

  find(tenantId: string, id: string): Promise<OAuthClientRow | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.db.oAuthClient.findUnique({ where: { tenantId_id: { tenantId, id } } });
  }

  /**
   * The token, introspection and revocation endpoints know a client only by its client_id
   * (unique across tenants); every later query uses the tenant of the row found here.
   */
  findByClientId(id: string): Promise<OAuthClientRow | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.db.oAuthClient.findUnique({ where: { id } });
  }

  async list(tenantId: string, skip: number, take: number): Promise<{ rows: OAuthClientRow[]; total: number }> {
    const [total, rows] = await this.db.$transaction([
      this.db.oAuthClient.count({ where: { tenantId } }),
      this.db.oAuthClient.findMany({ where: { tenantId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip, take }),
    ]);
    return { rows, total };
  }

  async setSecret(tenantId: string, id: string, secretHash: string): Promise<OAuthClientRow | null> {
    if (!isUuid(id)) return null;
    const { count } = await this.db.oAuthClient.updateMany({ where: { tenantId, id, secretHash: { not: null } }, data: { secretHash, secretIssuedAt: new Date() } });
    return count ? this.find(tenantId, id) : null;
  }

  /**
   * Deletes a client with its codes and tokens (cascade), after putting its live access
   * tokens on the blocklist, in one transaction. False when there is no such client.
   */
  async delete(tenantId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return this.db.$transaction(async (tx) => {
      const live = await tx.oAuthAccessToken.findMany({ where: { tenantId, clientId: id, expiresAt: { gt: new Date() } }, select: { jti: true, tenantId: true, userId: true, expiresAt: true } });
      const { count } = await tx.oAuthClient.deleteMany({ where: { tenantId, id } });
      if (count === 0) return false;
      await blocklist(tx, live, 'oauth_client_deleted');
      return true;
    });
  }

  /** Permission names a user's roles grant (what scopes may be granted on their behalf). */
  async permissionsOf(tenantId: string, userId: string): Promise<Set<string>> {
    const rows = await this.db.rolePermission.findMany({
      where: { role: { users: { some: { tenantId, userId } } } },
      select: { permission: { select: { name: true } } },
    });
    return new Set(rows.map((r) => r.permission.name));
  }

  /** Every permission name (scopes_supported in the metadata). */
  async allPermissions(): Promise<string[]> {
    return (await this.db.permission.findMany({ select: { name: true }, orderBy: { name: 'asc' } })).map((p) => p.name);
  }
}
