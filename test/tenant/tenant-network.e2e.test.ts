import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { selfSignedCertificate } from '../harness/certificates';
import { userWithRoles, type Session } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, type ProvisionedTenant } from '../harness/tenant-factories';

/** Settings, limits, DNS zone, ingress and certificates (docs/tenant-operations.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const DOMAIN = 'tenants.dataplat.internal';
const auth = (token: string) => ({ token });
const url = (tenantId: string, path: string) => `/api/v1/tenants/${tenantId}${path}`;
const put = (path: string, body: unknown, token?: string) => api.request('PUT', path, { token, body });
const del = (path: string, token?: string) => api.request('DELETE', path, { token });

interface Fixture { tenant: ProvisionedTenant; admin: Session; member: Session; other: ProvisionedTenant; otherAdmin: Session; host: string }

async function fixture(overrides: Record<string, unknown> = {}): Promise<Fixture> {
  const [tenant, other] = await Promise.all([provisionTenant(api, root, overrides), provisionTenant(api, root)]);
  const [admin, member, otherAdmin] = await Promise.all([
    userWithRoles(api, root, tenant.id, ['ADMIN']),
    userWithRoles(api, root, tenant.id),
    userWithRoles(api, root, other.id, ['ADMIN']),
  ]);
  return { tenant, admin, member, other, otherAdmin, host: `${tenant.slug}.${DOMAIN}` };
}

describe('GET and PUT /settings, PUT /limits', () => {
  it('reads defaults, then saves validated preferences (Admin)', async () => {
    const { tenant, admin } = await fixture({ settings: { maxUsers: 10, maxConnectors: 3 } });
    const initial = await api.get(url(tenant.id, '/settings'), auth(admin.token));
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({
      tenantId: tenant.id,
      limits: { maxUsers: 10, maxConnectors: 3, gpuEnabled: false, dedicatedIngress: false, maxStorageGb: null },
      preferences: { timezone: 'UTC', locale: 'en-US', dataRetentionDays: 365, notificationEmail: null, defaultRegion: null },
      usage: { connectors: 0 },
    });
    const saved = await put(url(tenant.id, '/settings'), { timezone: 'Europe/Paris', locale: 'fr-fr', dataRetentionDays: 90, notificationEmail: 'Ops@Example.com', defaultRegion: 'eu-west-1' }, admin.token);
    expect(saved.status).toBe(200);
    expect(saved.body.preferences).toEqual({ timezone: 'Europe/Paris', locale: 'fr-FR', dataRetentionDays: 90, notificationEmail: 'ops@example.com', defaultRegion: 'eu-west-1' });
    const partial = await put(url(tenant.id, '/settings'), { dataRetentionDays: 30 }, admin.token);
    expect(partial.body.preferences).toMatchObject({ timezone: 'Europe/Paris', dataRetentionDays: 30 });
    expect((await api.get(url(tenant.id, '/settings'), auth(admin.token))).body.preferences.dataRetentionDays).toBe(30);
  });

  it.each([
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'DPF-TEN-127'],
    ['a bad locale', { locale: 'not a locale' }, 'DPF-TEN-127'],
    ['a bad e-mail', { notificationEmail: 'nope' }, 'DPF-TEN-127'],
    ['a bad region', { defaultRegion: 'moon' }, 'DPF-TEN-127'],
    ['retention out of range', { dataRetentionDays: 0 }, undefined],
    ['a limit (platform-only field)', { maxConnectors: 100 }, undefined],
  ])('PUT /settings refuses %s (400)', async (_label, body, code) => {
    const { tenant, admin } = await fixture();
    expectEnvelope(await put(url(tenant.id, '/settings'), body, admin.token), 400, code);
  });

  it('settings: 401, 403 for a plain user, 404 for another tenant', async () => {
    const { tenant, member, otherAdmin } = await fixture();
    expectEnvelope(await api.get(url(tenant.id, '/settings')), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(url(tenant.id, '/settings'), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await put(url(tenant.id, '/settings'), { timezone: 'UTC' }, member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(url(tenant.id, '/settings'), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await put(url(tenant.id, '/settings'), { timezone: 'UTC' }, otherAdmin.token), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(url(randomUUID(), '/settings'), auth(root)), 404, 'DPF-TEN-001');
  });

  it('PUT /limits (Platform admin) sets limits that connector creation then enforces', async () => {
    const { tenant, admin } = await fixture();
    const res = await put(url(tenant.id, '/limits'), { maxConnectors: 1, maxUsers: 25, gpuEnabled: true, maxStorageGb: 500 }, root);
    expect(res.status).toBe(200);
    expect(res.body.limits).toMatchObject({ maxConnectors: 1, maxUsers: 25, gpuEnabled: true, dedicatedIngress: false, maxStorageGb: 500, maxPipelines: null });
    // The tenant row's settings are the one truth for maxConnectors (GET /tenants/{id} agrees).
    expect((await api.get(`/api/v1/tenants/${tenant.id}`, auth(root))).body.settings).toMatchObject({ maxConnectors: 1, maxUsers: 25, gpuEnabled: true });
    const config = { host: 'db.internal', database: 'd', username: 'u' };
    expect((await api.post(url(tenant.id, '/connectors'), { name: 'one', type: 'postgresql', config }, auth(admin.token))).status).toBe(201);
    expectEnvelope(await api.post(url(tenant.id, '/connectors'), { name: 'two', type: 'postgresql', config }, auth(admin.token)), 409, 'DPF-TEN-123');
    // Lowering below the current count is refused; omitted fields keep their value.
    const lower = await put(url(tenant.id, '/limits'), { maxConnectors: 0 }, root);
    expectEnvelope(lower, 400, 'DPF-TEN-128');
    expect(lower.body.error.details).toMatchObject({ field: 'maxConnectors', current: 1 });
    const raised = await put(url(tenant.id, '/limits'), { maxConnectors: 2 }, root);
    expect(raised.body.limits).toMatchObject({ maxConnectors: 2, maxUsers: 25, maxStorageGb: 500 });
    expect(raised.body.usage).toEqual({ connectors: 1 });
    expect((await api.post(url(tenant.id, '/connectors'), { name: 'two', type: 'postgresql', config }, auth(admin.token))).status).toBe(201);
  });

  it('PUT /limits dedicatedIngress moves the ingress class and the host CNAME', async () => {
    const { tenant, admin, host } = await fixture();
    const res = await put(url(tenant.id, '/limits'), { dedicatedIngress: true }, root);
    expect(res.body.limits.dedicatedIngress).toBe(true);
    const ingress = await api.get(url(tenant.id, '/ingress'), auth(admin.token));
    expect(ingress.body.ingressClass).toBe('dedicated');
    const [cname] = await query(platform.databaseUrl, "SELECT target FROM tenant.provisioned_network_records WHERE tenant_id = $1 AND kind = 'DNS' AND name = $2", [tenant.id, host]);
    expect(cname.target).toBe(`dedicated.eu-west-1.${DOMAIN}`);
  });

  it('PUT /limits: 401, 403 for a tenant Admin, 400 for negative values, 404 unknown tenant', async () => {
    const { tenant, admin } = await fixture();
    expectEnvelope(await put(url(tenant.id, '/limits'), { maxUsers: 5 }), 401, 'DPF-AUTH-001');
    expectEnvelope(await put(url(tenant.id, '/limits'), { maxUsers: 5 }, admin.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await put(url(tenant.id, '/limits'), { maxUsers: -1 }, root), 400);
    expectEnvelope(await put(url(tenant.id, '/limits'), { maxUsers: 1.5 }, root), 400);
    expectEnvelope(await put(url(randomUUID(), '/limits'), { maxUsers: 5 }, root), 404, 'DPF-TEN-001');
  });
});

describe('DNS zone', () => {
  it('creates the zone on top of the provisioned records: SOA, NS, the host CNAME and posted records', async () => {
    const { tenant, admin, host } = await fixture();
    const res = await api.post(url(tenant.id, '/dns/zone'), { records: [{ name: 'api', type: 'A', value: '10.0.0.12' }, { name: 'www', type: 'CNAME', value: host }, { name: '_verify', type: 'TXT', value: 'token=abc' }] }, auth(root));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tenantId: tenant.id, zoneName: host, nameServers: [`ns1.${DOMAIN}`, `ns2.${DOMAIN}`] });
    expect(String(res.body.serial)).toMatch(/^\d{8}01$/);
    const types = res.body.records.map((r: any) => `${r.type} ${r.name} ${r.source}`);
    expect(types).toEqual(expect.arrayContaining([`SOA ${host} ZONE`, `NS ${host} ZONE`, `CNAME ${host} PROVISIONING`, `A api.${host} ZONE_RECORD`, `CNAME www.${host} ZONE_RECORD`, `TXT _verify.${host} ZONE_RECORD`]));
    // The records are provisioning's rows, not a copy.
    const rows = await query(platform.databaseUrl, "SELECT name, type FROM tenant.provisioned_network_records WHERE tenant_id = $1 AND kind = 'DNS' ORDER BY name", [tenant.id]);
    expect(rows.map((r) => r.name)).toEqual([`_verify.${host}`, `api.${host}`, host, `www.${host}`].sort());
    const read = await api.get(url(tenant.id, '/dns/zone'), auth(admin.token));
    expect(read.status).toBe(200);
    expect(read.body.records).toHaveLength(res.body.records.length);
    expectEnvelope(await api.post(url(tenant.id, '/dns/zone'), {}, auth(root)), 409, 'DPF-TEN-130');
  });

  it.each([
    ['a bad A value', { name: 'api', type: 'A', value: '300.1.1.1' }, 'records[0].value'],
    ['a bad label', { name: 'bad_label!', type: 'A', value: '10.0.0.1' }, 'records[0].name'],
    ['a bad CNAME', { name: 'x', type: 'CNAME', value: 'not a host' }, 'records[0].value'],
  ])('refuses %s (400 DPF-TEN-131)', async (_label, record, field) => {
    const { tenant } = await fixture();
    const res = await api.post(url(tenant.id, '/dns/zone'), { records: [record] }, auth(root));
    expectEnvelope(res, 400, 'DPF-TEN-131');
    expect(res.body.error.details).toMatchObject({ field });
    expectEnvelope(await api.post(url(tenant.id, '/dns/zone'), { records: [{ name: 'a', type: 'MX', value: 'x' }] }, auth(root)), 400);
  });

  it('deletes the zone and its posted records (204); the provisioned host record stays; then 404', async () => {
    const { tenant, admin, host } = await fixture();
    expect((await api.post(url(tenant.id, '/dns/zone'), { records: [{ name: 'api', type: 'A', value: '10.0.0.12' }] }, auth(root))).status).toBe(201);
    expectEnvelope(await del(url(tenant.id, '/dns/zone'), admin.token), 403, 'DPF-AUTH-007');
    expect((await del(url(tenant.id, '/dns/zone'), root)).status).toBe(204);
    const rows = await query(platform.databaseUrl, "SELECT name FROM tenant.provisioned_network_records WHERE tenant_id = $1 AND kind = 'DNS'", [tenant.id]);
    expect(rows.map((r) => r.name)).toEqual([host]);
    expectEnvelope(await api.get(url(tenant.id, '/dns/zone'), auth(admin.token)), 404, 'DPF-TEN-129');
    expectEnvelope(await del(url(tenant.id, '/dns/zone'), root), 404, 'DPF-TEN-129');
  });

  it('401, 403 (Admin creating, plain user reading), 404 for another tenant', async () => {
    const { tenant, admin, member, otherAdmin } = await fixture();
    expectEnvelope(await api.post(url(tenant.id, '/dns/zone'), {}), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(url(tenant.id, '/dns/zone')), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(url(tenant.id, '/dns/zone'), {}, auth(admin.token)), 403, 'DPF-AUTH-007');
    expect((await api.post(url(tenant.id, '/dns/zone'), {}, auth(root))).status).toBe(201);
    expectEnvelope(await api.get(url(tenant.id, '/dns/zone'), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(url(tenant.id, '/dns/zone'), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
  });
});

describe('ingress and certificates', () => {
  it('reads the ingress provisioning made, replaces its routes, then secures it with an uploaded certificate', async () => {
    const { tenant, admin, host } = await fixture();
    const initial = await api.get(url(tenant.id, '/ingress'), auth(admin.token));
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ tenantId: tenant.id, host, ingressClass: 'shared', backend: `tenant-${tenant.slug}.eu-west-1.svc`, routes: [], tlsEnabled: false, certificate: null });
    const saved = await api.post(url(tenant.id, '/ingress'), { ingressClass: 'dedicated', routes: [{ path: '/api', service: 'api-gateway', port: 8080 }, { path: '/', service: 'web', port: 80 }] }, auth(root));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ingressClass: 'dedicated', routes: [{ path: '/', service: 'web', port: 80 }, { path: '/api', service: 'api-gateway', port: 8080 }] });
    const [record] = await query(platform.databaseUrl, "SELECT type FROM tenant.provisioned_network_records WHERE tenant_id = $1 AND kind = 'INGRESS'", [tenant.id]);
    expect(record.type).toBe('dedicated');
    // One truth: the host's CNAME and the dedicatedIngress setting follow the class.
    const [cname] = await query(platform.databaseUrl, "SELECT target FROM tenant.provisioned_network_records WHERE tenant_id = $1 AND kind = 'DNS' AND name = $2", [tenant.id, host]);
    expect(cname.target).toBe(`dedicated.eu-west-1.${DOMAIN}`);
    expect((await api.get(url(tenant.id, '/settings'), auth(admin.token))).body.limits.dedicatedIngress).toBe(true);

    const cert = selfSignedCertificate({ commonName: host, dnsNames: [host, `*.${host}`] });
    const res = await api.post(url(tenant.id, '/certificates'), { certificate: cert.certificate, privateKey: cert.privateKey }, auth(root));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ host, source: 'UPLOADED', status: 'ACTIVE', subject: `CN=${host}`, issuer: `CN=${host}`, subjectAltNames: [host, `*.${host}`] });
    expect(res.body.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(new Date(res.body.notAfter).getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(res.body)).not.toContain('PRIVATE KEY');
    const [stored] = await query(platform.databaseUrl, 'SELECT sealed_key FROM tenant.tenant_certificates WHERE id = $1', [res.body.id]);
    expect(stored.sealed_key).toMatch(/^v1\./);
    const secured = await api.get(url(tenant.id, '/ingress'), auth(admin.token));
    expect(secured.body).toMatchObject({ tlsEnabled: true, certificate: { id: res.body.id, fingerprint: res.body.fingerprint } });
    expect(secured.text).not.toContain('PRIVATE KEY');
  });

  it.each([
    ['garbage PEM', () => ({ certificate: 'not a cert', privateKey: 'nor a key' }), 'DPF-TEN-134'],
    ['a certificate for another host', (h: string) => { const c = selfSignedCertificate({ commonName: 'other.example.test', dnsNames: ['other.example.test'] }); return { certificate: c.certificate, privateKey: c.privateKey }; }, 'DPF-TEN-135'],
    ['a key of another certificate', (h: string) => ({ certificate: selfSignedCertificate({ commonName: h, dnsNames: [h] }).certificate, privateKey: selfSignedCertificate({ commonName: h, dnsNames: [h] }).privateKey }), 'DPF-TEN-136'],
    ['an expired certificate', (h: string) => { const c = selfSignedCertificate({ commonName: h, dnsNames: [h], notBefore: new Date('2020-01-01'), notAfter: new Date('2021-01-01') }); return { certificate: c.certificate, privateKey: c.privateKey }; }, 'DPF-TEN-137'],
    ['neither a certificate nor managed', () => ({}), 'DPF-TEN-134'],
  ])('refuses %s (400)', async (_label, body, code) => {
    const { tenant, host } = await fixture();
    expectEnvelope(await api.post(url(tenant.id, '/certificates'), body(host), auth(root)), 400, code);
  });

  it('accepts a certificate matching by CN only (no SAN), and a managed request (PENDING) that replaces it', async () => {
    const { tenant, admin, host } = await fixture();
    const cn = selfSignedCertificate({ commonName: host });
    const first = await api.post(url(tenant.id, '/certificates'), { certificate: cn.certificate, privateKey: cn.privateKey }, auth(root));
    expect(first.status).toBe(201);
    const managed = await api.post(url(tenant.id, '/certificates'), { managed: true }, auth(root));
    expect(managed.status).toBe(201);
    expect(managed.body).toMatchObject({ source: 'MANAGED', status: 'PENDING', fingerprint: null, subjectAltNames: [host] });
    const ingress = await api.get(url(tenant.id, '/ingress'), auth(admin.token));
    expect(ingress.body).toMatchObject({ tlsEnabled: false, certificate: { id: managed.body.id, status: 'PENDING' } });
    const [old] = await query(platform.databaseUrl, 'SELECT status FROM tenant.tenant_certificates WHERE id = $1', [first.body.id]);
    expect(old.status).toBe('REPLACED');
  });

  it('ingress and certificates: 401, 403, 400 bad routes, 404 for another tenant', async () => {
    const { tenant, admin, member, otherAdmin } = await fixture();
    expectEnvelope(await api.get(url(tenant.id, '/ingress')), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(url(tenant.id, '/ingress'), {}), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(url(tenant.id, '/certificates'), { managed: true }), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(url(tenant.id, '/ingress'), {}, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post(url(tenant.id, '/certificates'), { managed: true }, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(url(tenant.id, '/ingress'), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(url(tenant.id, '/ingress'), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.post(url(tenant.id, '/ingress'), { routes: [{ path: 'no-slash', service: 'web', port: 80 }] }, auth(root)), 400, 'DPF-TEN-133');
    expectEnvelope(await api.post(url(tenant.id, '/ingress'), { routes: [{ path: '/', service: 'web', port: 80 }, { path: '/', service: 'api', port: 81 }] }, auth(root)), 400, 'DPF-TEN-133');
    expectEnvelope(await api.post(url(tenant.id, '/ingress'), { routes: [{ path: '/', service: 'web', port: 0 }] }, auth(root)), 400);
    expectEnvelope(await api.post(url(tenant.id, '/ingress'), { ingressClass: 'private' }, auth(root)), 400);
  });

  it('a tenant without an ingress record: GET 404 DPF-TEN-132, certificate 404; POST /ingress creates it', async () => {
    const { tenant, admin, host } = await fixture();
    await query(platform.databaseUrl, "DELETE FROM tenant.provisioned_network_records WHERE tenant_id = $1 AND kind = 'INGRESS'", [tenant.id]);
    expectEnvelope(await api.get(url(tenant.id, '/ingress'), auth(admin.token)), 404, 'DPF-TEN-132');
    expectEnvelope(await api.post(url(tenant.id, '/certificates'), { managed: true }, auth(root)), 404, 'DPF-TEN-132');
    const created = await api.post(url(tenant.id, '/ingress'), undefined, auth(root));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ host, ingressClass: 'shared', routes: [{ path: '/', service: `tenant-${tenant.slug}`, port: 8080 }] });
  });
});

describe('deprovisioning', () => {
  it('releases DNS and ingress records, zone, routes and certificates; writes are refused after (409 DPF-TEN-138)', async () => {
    const { tenant, host } = await fixture();
    await api.post(url(tenant.id, '/dns/zone'), { records: [{ name: 'api', type: 'A', value: '10.0.0.1' }] }, auth(root));
    const cert = selfSignedCertificate({ commonName: host, dnsNames: [host] });
    expect((await api.post(url(tenant.id, '/certificates'), { certificate: cert.certificate, privateKey: cert.privateKey }, auth(root))).status).toBe(201);
    expect((await del(`/api/v1/tenants/${tenant.id}`, root)).status).toBe(200);
    for (const table of ['provisioned_network_records', 'tenant_dns_zones', 'tenant_ingress_routes', 'tenant_certificates']) {
      const [row] = await query(platform.databaseUrl, `SELECT count(*)::int AS n FROM tenant.${table} WHERE tenant_id = $1`, [tenant.id]);
      expect({ table, n: row.n }).toEqual({ table, n: 0 });
    }
    expectEnvelope(await api.post(url(tenant.id, '/dns/zone'), {}, auth(root)), 409, 'DPF-TEN-138');
    expectEnvelope(await api.post(url(tenant.id, '/ingress'), {}, auth(root)), 409, 'DPF-TEN-138');
  });
});
