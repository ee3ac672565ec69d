import type { Prisma, PrismaClient } from '@dataplat/db';

export type NetworkRecordRow = Prisma.ProvisionedNetworkRecordGetPayload<object>;
export type ZoneRow = Prisma.TenantDnsZoneGetPayload<object>;
export type RouteRow = Prisma.TenantIngressRouteGetPayload<object>;
export type CertificateRow = Prisma.TenantCertificateGetPayload<object>;

export interface NewRecord {
  type: string;
  name: string;
  target: string;
}

/**
 * The only Prisma caller for a tenant's DNS zone, ingress routes and certificates. DNS and
 * ingress records are the provisioning rows (provisioned_network_records): this repository adds
 * to them and reads them, it keeps no copy.
 */
export class NetworkRepository {
  constructor(private readonly db: PrismaClient) {}

  zone(tenantId: string): Promise<ZoneRow | null> {
    return this.db.tenantDnsZone.findUnique({ where: { tenantId } });
  }

  records(tenantId: string, kind: 'DNS' | 'INGRESS'): Promise<NetworkRecordRow[]> {
    return this.db.provisionedNetworkRecord.findMany({ where: { tenantId, kind }, orderBy: [{ name: 'asc' }] });
  }

  /** Names among `names` already used by a DNS record (of any tenant). */
  async takenNames(names: string[]): Promise<string[]> {
    return (await this.db.provisionedNetworkRecord.findMany({ where: { kind: 'DNS', name: { in: names } }, select: { name: true } })).map((r) => r.name);
  }

  /** The zone and its extra records, in one transaction (a unique violation: the zone exists). */
  createZone(zone: Omit<Prisma.TenantDnsZoneUncheckedCreateInput, 'createdAt' | 'updatedAt'>, records: NewRecord[]): Promise<ZoneRow> {
    return this.db.$transaction(async (tx) => {
      const row = await tx.tenantDnsZone.create({ data: zone });
      if (records.length) await tx.provisionedNetworkRecord.createMany({ data: records.map((r) => ({ tenantId: zone.tenantId, kind: 'DNS', ...r })) });
      return row;
    });
  }

  /** Removes the zone and the records it added (every DNS record except `keep`, the provisioned host record). */
  deleteZone(tenantId: string, keep: string): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.tenantDnsZone.deleteMany({ where: { tenantId } });
      if (count === 0) return false;
      await tx.provisionedNetworkRecord.deleteMany({ where: { tenantId, kind: 'DNS', name: { not: keep } } });
      return true;
    });
  }

  routes(tenantId: string): Promise<RouteRow[]> {
    return this.db.tenantIngressRoute.findMany({ where: { tenantId }, orderBy: [{ path: 'asc' }] });
  }

  /**
   * Creates or updates the INGRESS record of the host, replaces its path rules and points the
   * host's DNS record at the ingress of that class (`dnsTarget`), with the tenant's
   * `dedicatedIngress` setting when it changes, in one transaction.
   */
  saveIngress(tenantId: string, record: NewRecord, routes: Omit<RouteRow, 'tenantId' | 'createdAt'>[], dnsTarget: string, settings: Prisma.InputJsonValue | null): Promise<void> {
    return this.db.$transaction(async (tx) => {
      await tx.provisionedNetworkRecord.upsert({ where: { kind_name: { kind: 'INGRESS', name: record.name } }, create: { tenantId, kind: 'INGRESS', ...record }, update: { type: record.type, target: record.target } });
      await tx.provisionedNetworkRecord.updateMany({ where: { tenantId, kind: 'DNS', name: record.name }, data: { target: dnsTarget } });
      await tx.tenantIngressRoute.deleteMany({ where: { tenantId } });
      await tx.tenantIngressRoute.createMany({ data: routes.map((r) => ({ tenantId, ...r })) });
      if (settings !== null) await tx.tenant.update({ where: { id: tenantId }, data: { settings } });
    });
  }

  /** A new ingress class (PUT /limits dedicatedIngress): the INGRESS record and the host's DNS target follow. */
  async setIngressClass(tenantId: string, host: string, ingressClass: string, dnsTarget: string): Promise<void> {
    await this.db.$transaction([
      this.db.provisionedNetworkRecord.updateMany({ where: { tenantId, kind: 'INGRESS', name: host }, data: { type: ingressClass } }),
      this.db.provisionedNetworkRecord.updateMany({ where: { tenantId, kind: 'DNS', name: host }, data: { target: dnsTarget } }),
    ]);
  }

  activeCertificate(tenantId: string): Promise<CertificateRow | null> {
    return this.db.tenantCertificate.findFirst({ where: { tenantId, status: { in: ['ACTIVE', 'PENDING'] } }, orderBy: [{ createdAt: 'desc' }] });
  }

  /** A new certificate; an ACTIVE one replaces the tenant's previous ACTIVE or PENDING ones. */
  addCertificate(data: Omit<Prisma.TenantCertificateUncheckedCreateInput, 'id' | 'createdAt'>): Promise<CertificateRow> {
    return this.db.$transaction(async (tx) => {
      await tx.tenantCertificate.updateMany({ where: { tenantId: data.tenantId, status: { in: ['ACTIVE', 'PENDING'] } }, data: { status: 'REPLACED' } });
      return tx.tenantCertificate.create({ data });
    });
  }

  /** Deprovisioning: the tenant's DNS and ingress records, zone, routes and certificates. */
  releaseAll(tenantId: string): Promise<void> {
    return this.db.$transaction(async (tx) => {
      await tx.provisionedNetworkRecord.deleteMany({ where: { tenantId } });
      await tx.tenantDnsZone.deleteMany({ where: { tenantId } });
      await tx.tenantIngressRoute.deleteMany({ where: { tenantId } });
      await tx.tenantCertificate.deleteMany({ where: { tenantId } });
    });
  }
}
