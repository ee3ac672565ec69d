import type { ExternalIdentityProviderModel, Prisma, PrismaClient } from '@dataplat/db';

export type ProviderRow = ExternalIdentityProviderModel;

export interface ProviderData {
  name: string;
  kind: 'OIDC' | 'SAML';
  enabled: boolean;
  jitProvisioning: boolean;
  defaultRole: string;
  issuer: string | null;
  clientId: string | null;
  scopes: string[];
  idpEntityId: string | null;
  ssoUrl: string | null;
  idpCertificates: string[];
  attributeMapping: Record<string, string>;
}

/**
 * The only Prisma caller for external identity providers and their links. Every read and
 * write of the admin API is filtered by tenant; the public sign-in paths find a provider by
 * its id (a UUID in the URL) or, for SAML, by the IdP entity id, and then work in its tenant.
 */
export class ProviderRepository {
  constructor(private readonly db: PrismaClient) {}

  list(tenantId: string): Promise<ProviderRow[]> {
    return this.db.externalIdentityProvider.findMany({ where: { tenantId }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
  }

  find(tenantId: string, id: string): Promise<ProviderRow | null> {
    return this.db.externalIdentityProvider.findUnique({ where: { tenantId_id: { tenantId, id } } });
  }

  /** Public sign-in: the provider named in the URL, whatever its tenant. */
  findById(id: string): Promise<ProviderRow | null> {
    return this.db.externalIdentityProvider.findUnique({ where: { id } });
  }

  /** SAML ACS: every SAML provider configured for this IdP entity id (one per tenant at most). */
  findSamlByEntityId(idpEntityId: string): Promise<ProviderRow[]> {
    return this.db.externalIdentityProvider.findMany({ where: { kind: 'SAML', idpEntityId }, take: 50 });
  }

  /** Name taken in the tenant (any case), other than `exceptId`. */
  async nameTaken(tenantId: string, name: string, exceptId?: string): Promise<boolean> {
    const row = await this.db.externalIdentityProvider.findFirst({
      where: { tenantId, name: { equals: name, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { id: true },
    });
    return row !== null;
  }

  async entityIdTaken(tenantId: string, idpEntityId: string, exceptId?: string): Promise<boolean> {
    const row = await this.db.externalIdentityProvider.findFirst({
      where: { tenantId, idpEntityId, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { id: true },
    });
    return row !== null;
  }

  /** Creates the provider and seals its secret under its own id in one transaction. */
  create(tenantId: string, id: string, data: ProviderData, clientSecretSealed: string | null): Promise<ProviderRow> {
    return this.db.externalIdentityProvider.create({ data: { tenantId, id, ...data, attributeMapping: data.attributeMapping as Prisma.InputJsonObject, clientSecretSealed } });
  }

  /** `clientSecretSealed` undefined keeps the stored secret. Null when the provider is gone. */
  async update(tenantId: string, id: string, data: ProviderData, clientSecretSealed: string | null | undefined): Promise<ProviderRow | null> {
    const { count } = await this.db.externalIdentityProvider.updateMany({
      where: { tenantId, id },
      data: { ...data, attributeMapping: data.attributeMapping as Prisma.InputJsonObject, ...(clientSecretSealed === undefined ? {} : { clientSecretSealed }) },
    });
    return count ? this.find(tenantId, id) : null;
  }

  /** Deletes the provider with its links (cascade), its pending states and consumed assertion ids. */
  async delete(tenantId: string, id: string): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.externalIdentityProvider.deleteMany({ where: { tenantId, id } });
      if (count) {
        await tx.externalLoginState.deleteMany({ where: { tenantId, providerId: id } });
        await tx.samlAssertionUse.deleteMany({ where: { tenantId, providerId: id } });
      }
      return count > 0;
    });
  }
}
