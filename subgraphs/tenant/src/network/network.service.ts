import { isIPv4, isIPv6 } from 'node:net';
import { isUniqueViolation } from '@dataplat/db';
import { DomainError, type Principal, type SecretBox } from '@dataplat/kit';
import { TenantError } from '../errors';
import { TENANT_DOMAIN } from '../provisioning/embedded-provisioners';
import { operationalTenant, scopedTenant } from '../quotas/tenant-scope';
import { toSettings } from '../tenants/tenant.model';
import { mergeSettings } from '../tenants/tenant.service';
import type { TenantRepository, TenantRow } from '../tenants/tenant.repository';
import { checkCertificate } from './certificate-check';
import type { CertificateInput, DnsZoneInput, IngressInput } from './network.inputs';
import type { CertificateRow, NetworkRepository, NewRecord } from './network.repository';
import type { DnsRecord, DnsZone, TenantIngress, TlsCertificate } from './network.type';

export const DEFAULT_TTL = 300;
export const DEFAULT_NAME_SERVERS = [`ns1.${TENANT_DOMAIN}`, `ns2.${TENANT_DOMAIN}`];
/** Labels under the zone: `*.` first allowed, and a leading `_` (e.g. _acme-challenge). */
const LABELS = /^(\*\.)?_?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\._?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const PATH = /^\/[A-Za-z0-9._~\-/]*$/;
const SERVICE = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** The tenant's host name (the provisioned DNS record and the ingress host). */
export const hostOf = (t: Pick<TenantRow, 'slug'>) => `${t.slug}.${TENANT_DOMAIN}`;

/** Where the host's CNAME points for an ingress class (as provisioning's createDnsRecord makes it). */
export const ingressDnsTarget = (t: Pick<TenantRow, 'region'>, ingressClass: string) => `${ingressClass}.${t.region}.${TENANT_DOMAIN}`;

/** SOA serial of a day: YYYYMMDDnn (nn = 01 for the first version). */
export const serialOf = (d: Date, n = 1) => Number(`${d.toISOString().slice(0, 10).replace(/-/g, '')}${String(n).padStart(2, '0')}`);

const recordInvalid = (field: string, message: string) => new DomainError(TenantError.DNS_RECORD_INVALID, message, { field });
const ingressInvalid = (field: string, message: string) => new DomainError(TenantError.INGRESS_INVALID, message, { field });

/** A record of the request, checked, with its full name under the zone. */
export function checkRecord(zone: string, r: { name: string; type: string; value: string }, i: number): NewRecord {
  const label = r.name.trim().toLowerCase();
  if (!LABELS.test(label) || label.length + zone.length + 1 > 253) throw recordInvalid(`records[${i}].name`, `"${r.name}" is not a DNS label under ${zone}`);
  const value = r.value.trim();
  const ok = r.type === 'A' ? isIPv4(value) : r.type === 'AAAA' ? isIPv6(value) : r.type === 'CNAME' ? HOST.test(value.toLowerCase()) : value.length > 0;
  if (!ok) throw recordInvalid(`records[${i}].value`, `"${r.value}" is not a valid ${r.type} value`);
  return { type: r.type, name: `${label}.${zone}`, target: r.type === 'CNAME' ? value.toLowerCase() : value };
}

/** The certificate as returned: never the key (nor the PEM). */
export function toCertificate({ sealedKey: _key, certificatePem: _pem, createdBy: _by, ...row }: CertificateRow): TlsCertificate {
  return row;
}

/** DNS zone, ingress and TLS certificates of a tenant (docs/tenant-operations.md "DNS and ingress"). */
export class NetworkService {
  constructor(
    private readonly repo: NetworkRepository,
    private readonly tenants: TenantRepository,
    private readonly keys: SecretBox,
  ) {}

  async createZone(caller: Principal, tenantId: string, input: DnsZoneInput): Promise<DnsZone> {
    const tenant = await operationalTenant(this.tenants, caller, tenantId);
    if (await this.repo.zone(tenant.id)) throw new DomainError(TenantError.DNS_ZONE_EXISTS);
    const zoneName = hostOf(tenant);
    const records = (input.records ?? []).map((r, i) => checkRecord(zoneName, r, i));
    const names = records.map((r) => r.name);
    const dup = names.find((n, i) => names.indexOf(n) !== i) ?? (await this.repo.takenNames(names))[0];
    if (dup) throw recordInvalid('records', `${dup} already has a record`);
    const nameServers = (input.nameServers ?? DEFAULT_NAME_SERVERS).map((n) => n.trim().toLowerCase());
    const badNs = nameServers.findIndex((n) => !HOST.test(n));
    if (badNs >= 0 || nameServers.length === 0) throw recordInvalid(`nameServers[${Math.max(badNs, 0)}]`, 'nameServers must be host names');
    try {
      await this.repo.createZone({ tenantId: tenant.id, zoneName, serial: serialOf(new Date()), nameServers, createdBy: caller.subject }, records);
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(TenantError.DNS_ZONE_EXISTS);
      throw e;
    }
    return this.zoneOf(tenant);
  }

  async zone(caller: Principal, tenantId: string): Promise<DnsZone> {
    return this.zoneOf(await scopedTenant(this.tenants, caller, tenantId));
  }

  /** Removes the zone and the records posted with it; the provisioned host record stays. */
  async deleteZone(caller: Principal, tenantId: string): Promise<boolean> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    if (!(await this.repo.deleteZone(tenant.id, hostOf(tenant)))) throw new DomainError(TenantError.DNS_ZONE_NOT_FOUND);
    return true;
  }

  /** Creates or replaces the ingress of the tenant's host: class, backend and path rules. */
  async saveIngress(caller: Principal, tenantId: string, input: IngressInput): Promise<TenantIngress> {
    const tenant = await operationalTenant(this.tenants, caller, tenantId);
    const backend = `tenant-${tenant.slug}.${tenant.region}.svc`;
    const routes = (input.routes ?? [{ path: '/', service: `tenant-${tenant.slug}`, port: 8080 }]).map((r, i) => {
      const path = r.path.trim();
      if (!PATH.test(path) || path.includes('//')) throw ingressInvalid(`routes[${i}].path`, `"${r.path}" is not a path starting with /`);
      if (!SERVICE.test(r.service.trim())) throw ingressInvalid(`routes[${i}].service`, `"${r.service}" is not a service name (DNS label)`);
      return { path, service: r.service.trim(), port: r.port };
    });
    const paths = routes.map((r) => r.path);
    const dup = paths.find((p, i) => paths.indexOf(p) !== i);
    if (dup) throw ingressInvalid('routes', `path ${dup} appears twice`);
    const dedicated = toSettings(tenant.settings).dedicatedIngress;
    const ingressClass = input.ingressClass ?? (dedicated ? 'dedicated' : 'shared');
    // One truth: the tenant's dedicatedIngress setting follows an explicit class.
    const settings = (ingressClass === 'dedicated') !== dedicated ? mergeSettings(tenant.settings, { dedicatedIngress: ingressClass === 'dedicated' }) : null;
    await this.repo.saveIngress(tenant.id, { type: ingressClass, name: hostOf(tenant), target: backend }, routes, ingressDnsTarget(tenant, ingressClass), settings);
    return this.ingressOf(tenant);
  }

  async ingress(caller: Principal, tenantId: string): Promise<TenantIngress> {
    return this.ingressOf(await scopedTenant(this.tenants, caller, tenantId));
  }

  /** Uploads a certificate for the ingress host (key sealed), or requests a managed one (PENDING). */
  async addCertificate(caller: Principal, tenantId: string, input: CertificateInput): Promise<TlsCertificate> {
    const tenant = await operationalTenant(this.tenants, caller, tenantId);
    const ingress = (await this.repo.records(tenant.id, 'INGRESS'))[0];
    if (!ingress) throw new DomainError(TenantError.INGRESS_NOT_FOUND, 'The tenant has no ingress host to secure yet');
    const host = ingress.name;
    const base = { tenantId: tenant.id, host, createdBy: caller.subject };
    if (input.managed) {
      if (input.certificate || input.privateKey) throw new DomainError(TenantError.CERTIFICATE_INVALID, 'Send either managed: true or a certificate and its key', { field: 'managed' });
      return toCertificate(await this.repo.addCertificate({ ...base, source: 'MANAGED', status: 'PENDING', subjectAltNames: [host] }));
    }
    if (!input.certificate || !input.privateKey) throw new DomainError(TenantError.CERTIFICATE_INVALID, 'certificate and privateKey are required (or managed: true)', { field: input.certificate ? 'privateKey' : 'certificate' });
    const checked = checkCertificate(input.certificate, input.privateKey, host);
    const sealedKey = this.keys.seal(input.privateKey, `${tenant.id}:${checked.fingerprint}`);
    return toCertificate(await this.repo.addCertificate({ ...base, source: 'UPLOADED', status: 'ACTIVE', ...checked, sealedKey }));
  }

  private async zoneOf(tenant: TenantRow): Promise<DnsZone> {
    const zone = await this.repo.zone(tenant.id);
    if (!zone) throw new DomainError(TenantError.DNS_ZONE_NOT_FOUND);
    const host = hostOf(tenant);
    const soa: DnsRecord = { name: zone.zoneName, type: 'SOA', value: `${zone.nameServers[0]} hostmaster.${TENANT_DOMAIN} ${zone.serial} 3600 600 604800 ${DEFAULT_TTL}`, ttl: 3600, source: 'ZONE' };
    const ns: DnsRecord[] = zone.nameServers.map((n) => ({ name: zone.zoneName, type: 'NS', value: n, ttl: 3600, source: 'ZONE' }));
    const rows = (await this.repo.records(tenant.id, 'DNS')).map((r) => ({ name: r.name, type: r.type, value: r.target, ttl: DEFAULT_TTL, source: r.name === host ? 'PROVISIONING' : 'ZONE_RECORD' }));
    return { tenantId: tenant.id, zoneName: zone.zoneName, serial: zone.serial, nameServers: zone.nameServers, records: [soa, ...ns, ...rows], createdBy: zone.createdBy, createdAt: zone.createdAt };
  }

  private async ingressOf(tenant: TenantRow): Promise<TenantIngress> {
    const record = (await this.repo.records(tenant.id, 'INGRESS'))[0];
    if (!record) throw new DomainError(TenantError.INGRESS_NOT_FOUND);
    const [routes, cert] = await Promise.all([this.repo.routes(tenant.id), this.repo.activeCertificate(tenant.id)]);
    return {
      tenantId: tenant.id, host: record.name, ingressClass: record.type, backend: record.target,
      routes: routes.map((r) => ({ path: r.path, service: r.service, port: r.port })),
      tlsEnabled: cert?.status === 'ACTIVE', certificate: cert && toCertificate(cert),
    };
  }
}
