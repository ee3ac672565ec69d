import type { PrismaClient } from '@dataplat/db';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';

/**
 * node-saml's store of AuthnRequest ids (for InResponseTo), kept in PostgreSQL
 * (identity.saml_requests) for one provider instead of the library's in-memory default, so
 * that any replica can receive the response. An id is removed once a response names it.
 */
export class SamlRequestStore implements CacheProvider {
  constructor(
    private readonly db: PrismaClient,
    private readonly tenantId: string,
    private readonly providerId: string,
    private readonly ttlMs: number,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    await this.db.samlRequest.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    await this.db.samlRequest.create({ data: { tenantId: this.tenantId, providerId: this.providerId, requestId: key, issuedAt: value, expiresAt: new Date(Date.now() + this.ttlMs) } });
    return { value, createdAt: Date.now() };
  }

  async getAsync(key: string): Promise<string | null> {
    const row = await this.db.samlRequest.findFirst({ where: { tenantId: this.tenantId, providerId: this.providerId, requestId: key, expiresAt: { gt: new Date() } }, select: { issuedAt: true } });
    return row?.issuedAt ?? null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    const { count } = await this.db.samlRequest.deleteMany({ where: { tenantId: this.tenantId, providerId: this.providerId, requestId: key } });
    return count ? key : null;
  }
}
