import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { userWithRoles, type Session } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, type ProvisionedTenant } from '../harness/tenant-factories';

/** Chart releases (spec 2 "Endpoints / Chart releases", docs/tenant-releases.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const BASE = '/api/v1/deploy/releases';
const RUNTIME = 'dataplat-tenant-runtime';
const auth = (token: string) => ({ token });
const del = (path: string, token?: string) => api.request('DELETE', path, token ? { token } : {});
const uniqueName = () => `rel-${randomUUID().slice(0, 8)}`;

interface Fixture { tenant: ProvisionedTenant; admin: Session; member: Session; other: ProvisionedTenant; otherAdmin: Session }

async function fixture(): Promise<Fixture> {
  const [tenant, other] = await Promise.all([provisionTenant(api, root), provisionTenant(api, root)]);
  const [admin, member, otherAdmin] = await Promise.all([
    userWithRoles(api, root, tenant.id, ['ADMIN']),
    userWithRoles(api, root, tenant.id),
    userWithRoles(api, root, other.id, ['ADMIN']),
  ]);
  return { tenant, admin, member, other, otherAdmin };
}

const installBody = (tenantId: string, over: Record<string, unknown> = {}) => ({
  tenantId, releaseName: uniqueName(), namespace: 'analytics', chartName: RUNTIME, chartVersion: '1.9.0', description: 'first install', ...over,
});

async function install(tenantId: string, token: string, over: Record<string, unknown> = {}) {
  const res = await api.post(BASE, installBody(tenantId, over), auth(token));
  expect(res.status).toBe(201);
  return res.body;
}

const history = async (id: string, token = root) => (await api.get(`${BASE}/${id}/history`, auth(token))).body;
const releaseCount = async (tenantId: string) =>
  (await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM tenant.chart_releases WHERE tenant_id = $1', [tenantId]))[0].n;

describe('POST /releases (install), GET /releases/{id}, GET /releases/tenant/{tenantId}', () => {
  it('installs revision 1 with the override deep-merged over the chart defaults (201)', async () => {
    const { tenant, admin } = await fixture();
    const res = await api.post(BASE, installBody(tenant.id, {
      releaseName: 'runtime', appVersion: '4.2.0', valuesOverride: { replicaCount: 3, image: { tag: 'custom' }, ingress: { hosts: ['x.example.com'] }, env: [{ name: 'MODE', value: 'fast' }] },
      timeout: 120, atomic: false, waitForJobs: true,
    }), auth(admin.token));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      tenantId: tenant.id, releaseName: 'runtime', namespace: 'analytics', chartName: RUNTIME, chartVersion: '1.9.0', appVersion: '4.2.0',
      status: 'DEPLOYED', revision: 1, deployedRevision: 1, deployedChartVersion: '1.9.0', timeout: 120, atomic: false, waitForJobs: true, statusMessage: null, uninstalledAt: null,
    });
    const got = await api.get(`${BASE}/${res.body.id}`, auth(admin.token));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const [rev] = await history(res.body.id, admin.token);
    expect(rev).toMatchObject({ revision: 1, action: 'INSTALL', status: 'DEPLOYED', manifestHash: expect.stringMatching(/^[0-9a-f]{64}$/), deployedAt: expect.any(String) });
    expect(rev.values).toMatchObject({
      replicaCount: 3,
      image: { repository: 'registry.dataplat.io/tenant-runtime', tag: 'custom', pullPolicy: 'IfNotPresent' },
      service: { type: 'ClusterIP', port: 8080 },
      ingress: { enabled: false, hosts: ['x.example.com'] },
      env: [{ name: 'MODE', value: 'fast' }],
    });
    const list = await api.get(`${BASE}/tenant/${tenant.id}`, auth(admin.token));
    expect(list.status).toBe(200);
    expect(list.body.map((r: any) => r.id)).toEqual([res.body.id]);
    expect((await api.get(`${BASE}/tenant/${tenant.id}?status=FAILED`, auth(admin.token))).body).toEqual([]);
    expect((await api.get(`${BASE}/tenant/${tenant.id}?status=deployed`, auth(admin.token))).body).toHaveLength(1);
    expectEnvelope(await api.get(`${BASE}/tenant/${tenant.id}?status=RUNNING`, auth(admin.token)), 400, 'DPF-TEN-081');
  });

  it.each([
    ['an upper-case release name', { releaseName: 'Runtime' }, 'DPF-TEN-081'],
    ['a release name of 54 characters', { releaseName: 'a'.repeat(54) }, 'DPF-TEN-081'],
    ['a namespace that is not a DNS label', { namespace: 'team_a' }, 'DPF-TEN-081'],
    ['a timeout of 0', { timeout: 0 }, 'DPF-TEN-081'],
    ['an appVersion that is not the chart version\'s', { appVersion: '9.9.9' }, 'DPF-TEN-081'],
    ['an unknown chart', { chartName: 'nginx' }, 'DPF-TEN-085'],
    ['an unknown chart version', { chartVersion: '1.9.1' }, 'DPF-TEN-085'],
    ['a missing chart version', { chartVersion: undefined }, undefined],
    ['values that are not an object', { valuesOverride: [1, 2] }, 'DPF-TEN-081'],
    ['values nested 40 levels deep', { valuesOverride: JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40)) }, 'DPF-TEN-081'],
  ])('refuses %s (400) and stores nothing', async (_, over, code) => {
    const { tenant } = await fixture();
    expectEnvelope(await api.post(BASE, installBody(tenant.id, over), auth(root)), 400, code);
    expect(await releaseCount(tenant.id)).toBe(0);
  });

  it('accepts a release name of exactly 53 characters', async () => {
    const { tenant } = await fixture();
    expect((await install(tenant.id, root, { releaseName: 'a'.repeat(53) })).releaseName).toHaveLength(53);
  });

  it('refuses a name in use in the namespace (409), allows it in another namespace and again after uninstall', async () => {
    const { tenant, admin, other } = await fixture();
    const first = await install(tenant.id, admin.token, { releaseName: 'shared' });
    expectEnvelope(await api.post(BASE, installBody(tenant.id, { releaseName: 'shared' }), auth(admin.token)), 409, 'DPF-TEN-082');
    await install(tenant.id, admin.token, { releaseName: 'shared', namespace: 'staging' });
    await install(other.id, root, { releaseName: 'shared' });
    expect((await del(`${BASE}/${first.id}`, admin.token)).status).toBe(200);
    const again = await install(tenant.id, admin.token, { releaseName: 'shared' });
    expect(again.id).not.toBe(first.id);
    expect(again.revision).toBe(1);
    expect((await api.get(`${BASE}/${first.id}`, auth(admin.token))).body).toMatchObject({ status: 'UNINSTALLED' });
  });

  it('keeps a failed install as FAILED, and removes it when atomic (400)', async () => {
    const { tenant, admin } = await fixture();
    const failed = await install(tenant.id, admin.token, { valuesOverride: { replicaCount: -1 } });
    expect(failed).toMatchObject({ status: 'FAILED', revision: 1, deployedRevision: null, deployedChartVersion: null, statusMessage: expect.stringContaining('replicaCount: must be >= 0') });
    expect((await history(failed.id))[0]).toMatchObject({ status: 'FAILED', manifestHash: null });
    const atomic = await api.post(BASE, installBody(tenant.id, { atomic: true, valuesOverride: { service: { port: 70000 }, image: { tag: null } } }), auth(admin.token));
    expectEnvelope(atomic, 400, 'DPF-TEN-088');
    expect(atomic.body.error.details.errors).toEqual(['image.tag: is required', 'service.port: must be <= 65535']);
    expect(await releaseCount(tenant.id)).toBe(1);
  });

  it('needs credentials (401) and the ADMIN role (403); isolates tenants (404)', async () => {
    const { tenant, admin, member, other, otherAdmin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    expectEnvelope(await api.post(BASE, installBody(tenant.id)), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(BASE, installBody(tenant.id), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${BASE}/${rel.id}`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`${BASE}/${rel.id}`, auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${BASE}/tenant/${tenant.id}`, auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${BASE}/tenant/${tenant.id}`), 401, 'DPF-AUTH-001');
    // Tenant B's administrator can neither see nor install into tenant A.
    expectEnvelope(await api.get(`${BASE}/${rel.id}`, auth(otherAdmin.token)), 404, 'DPF-TEN-080');
    expectEnvelope(await api.get(`${BASE}/tenant/${tenant.id}`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.post(BASE, installBody(tenant.id), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expect((await api.get(`${BASE}/tenant/${other.id}`, auth(otherAdmin.token))).body).toEqual([]);
    // Unknown ids.
    expectEnvelope(await api.get(`${BASE}/${randomUUID()}`, auth(root)), 404, 'DPF-TEN-080');
    expectEnvelope(await api.get(`${BASE}/not-a-uuid`, auth(root)), 404, 'DPF-TEN-080');
    expectEnvelope(await api.post(BASE, installBody(randomUUID()), auth(root)), 404, 'DPF-TEN-001');
    // The platform administrator sees every tenant's release.
    expect((await api.get(`${BASE}/${rel.id}`, auth(root))).status).toBe(200);
  });
});

describe('POST /releases/{id}/upgrade', () => {
  it('creates revision 2 on the new chart version, merging the override over its defaults', async () => {
    const { tenant, admin } = await fixture();
    const rel = await install(tenant.id, admin.token, { valuesOverride: { replicaCount: 4 } });
    const res = await api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.10.0', valuesOverride: { service: { port: 9090 } }, description: 'to 1.10' }, auth(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: rel.id, status: 'DEPLOYED', revision: 2, deployedRevision: 2, chartVersion: '1.10.0', appVersion: '4.3.0', description: 'to 1.10' });
    const [r1, r2] = await history(rel.id, admin.token);
    expect(r1).toMatchObject({ revision: 1, status: 'SUPERSEDED', chartVersion: '1.9.0' });
    expect(r2).toMatchObject({ revision: 2, action: 'UPGRADE', status: 'DEPLOYED', chartVersion: '1.10.0', valuesOverride: { service: { port: 9090 } } });
    // A new override replaces the old one (replicaCount back to the default); image tag from the 1.10.0 defaults.
    expect(r2.values).toMatchObject({ replicaCount: 2, service: { type: 'ClusterIP', port: 9090 }, image: { tag: '4.3.0' } });
    expect(r2.manifestHash).not.toBe(r1.manifestHash);
    // Without valuesOverride the deployed override is reused (Helm).
    const same = await api.post(`${BASE}/${rel.id}/upgrade`, {}, auth(admin.token));
    expect(same.body).toMatchObject({ revision: 3, chartVersion: '1.10.0', status: 'DEPLOYED' });
    const r3 = (await history(rel.id, admin.token))[2];
    expect(r3.values.service.port).toBe(9090);
    expect(r3.manifestHash).toBe(r2.manifestHash);
  });

  it('goes to FAILED on invalid values while the previous revision stays DEPLOYED, then recovers', async () => {
    const { tenant, admin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    const res = await api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.10.0', valuesOverride: { replicaCount: 'three', service: { type: 'Ingress' } } }, auth(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'FAILED', revision: 2, deployedRevision: 1, deployedChartVersion: '1.9.0', chartVersion: '1.10.0' });
    expect(res.body.statusMessage).toContain('replicaCount: must be an integer, got string');
    expect(res.body.statusMessage).toContain('service.type: must be one of');
    const revs = await history(rel.id, admin.token);
    expect(revs.map((r: any) => [r.revision, r.status])).toEqual([[1, 'DEPLOYED'], [2, 'FAILED']]);
    expect(revs[1]).toMatchObject({ manifestHash: null, statusMessage: res.body.statusMessage });
    const fixed = await api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.10.0', valuesOverride: { replicaCount: 3 } }, auth(admin.token));
    expect(fixed.body).toMatchObject({ status: 'DEPLOYED', revision: 3, deployedRevision: 3, statusMessage: null });
    expect((await history(rel.id)).map((r: any) => r.status)).toEqual(['SUPERSEDED', 'FAILED', 'DEPLOYED']);
  });

  it('refuses bad input (400), unknown or foreign releases (404), roles (401, 403), uninstalled releases (409)', async () => {
    const { tenant, admin, member, otherAdmin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    const up = (body: unknown, token?: string, id = rel.id) => api.post(`${BASE}/${id}/upgrade`, body, token ? auth(token) : {});
    expectEnvelope(await up({ chartVersion: '7.0.0' }, admin.token), 400, 'DPF-TEN-085');
    expectEnvelope(await up({ chartVersion: '1.10.0', appVersion: '1.0.0' }, admin.token), 400, 'DPF-TEN-081');
    expectEnvelope(await up({ valuesOverride: 'big' }, admin.token), 400);
    expectEnvelope(await up({ chartVersion: '1.10.0' }, admin.token, randomUUID()), 404, 'DPF-TEN-080');
    expectEnvelope(await up({ chartVersion: '1.10.0' }, otherAdmin.token), 404, 'DPF-TEN-080');
    expectEnvelope(await up({ chartVersion: '1.10.0' }), 401, 'DPF-AUTH-001');
    expectEnvelope(await up({ chartVersion: '1.10.0' }, member.token), 403, 'DPF-AUTH-007');
    expect((await history(rel.id)).length).toBe(1);
    await del(`${BASE}/${rel.id}`, admin.token);
    const refused = await up({ chartVersion: '1.10.0' }, admin.token);
    expectEnvelope(refused, 409, 'DPF-TEN-083');
    expect(refused.body.error.details).toMatchObject({ status: 'UNINSTALLED', action: 'upgrade' });
  });
});

describe('concurrency', () => {
  it('lets exactly one of concurrent installs of one name succeed (409 for the others)', async () => {
    const { tenant, admin } = await fixture();
    const body = installBody(tenant.id, { releaseName: 'race' });
    const results = await Promise.all(Array.from({ length: 6 }, () => api.post(BASE, body, auth(admin.token))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await releaseCount(tenant.id)).toBe(1);
  });

  it('never runs two actions of one release at once: consecutive revisions, one DEPLOYED', async () => {
    const { tenant, admin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) =>
      api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.10.0', valuesOverride: { replicaCount: i + 1 } }, auth(admin.token))));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 200)) expectEnvelope(r, 409, 'DPF-TEN-083');
    const revs = await history(rel.id);
    expect(revs.map((r: any) => r.revision)).toEqual(Array.from({ length: ok.length + 1 }, (_, i) => i + 1));
    expect(revs.filter((r: any) => r.status === 'DEPLOYED')).toHaveLength(1);
    expect((await api.get(`${BASE}/${rel.id}`, auth(root))).body).toMatchObject({ status: 'DEPLOYED', revision: ok.length + 1, deployedRevision: ok.length + 1 });
  });
});

describe('an action left pending by a process that died', () => {
  /** What a crash between the pending revision and its outcome leaves behind, `age` ago. */
  async function leavePending(rel: any, age: string) {
    await query(platform.databaseUrl,
      `UPDATE tenant.chart_releases SET status = 'PENDING_UPGRADE', revision = 2, chart_version = '1.10.0', app_version = '4.3.0', updated_at = now() - $2::interval WHERE id = $1`, [rel.id, age]);
    await query(platform.databaseUrl,
      `INSERT INTO tenant.chart_release_revisions (tenant_id, release_id, revision, action, status, chart_name, chart_version, app_version, values_override, values, created_at, updated_at)
       VALUES ($1, $2, 2, 'UPGRADE', 'PENDING_UPGRADE', $3, '1.10.0', '4.3.0', '{}', '{}', now() - $4::interval, now() - $4::interval)`, [rel.tenantId, rel.id, RUNTIME, age]);
  }

  it('refuses every action while the pending action is within the release timeout (409)', async () => {
    const { tenant, admin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    await leavePending(rel, '5 seconds');
    expectEnvelope(await api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.10.0' }, auth(admin.token)), 409, 'DPF-TEN-083');
    expectEnvelope(await api.post(`${BASE}/${rel.id}/rollback/last-successful`, undefined, auth(admin.token)), 409, 'DPF-TEN-083');
    expectEnvelope(await del(`${BASE}/${rel.id}`, admin.token), 409, 'DPF-TEN-083');
  });

  it('lets a rollback take over once the release timeout has passed (the pending revision fails)', async () => {
    const { tenant, admin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    await leavePending(rel, '2 hours');
    expectEnvelope(await api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.10.0' }, auth(admin.token)), 409, 'DPF-TEN-083');
    const res = await api.post(`${BASE}/${rel.id}/rollback/last-successful`, undefined, auth(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'DEPLOYED', revision: 3, deployedRevision: 3, chartVersion: '1.9.0' });
    expect((await history(rel.id)).map((r: any) => [r.revision, r.status])).toEqual([[1, 'SUPERSEDED'], [2, 'FAILED'], [3, 'DEPLOYED']]);
    expect((await history(rel.id))[1].statusMessage).toMatch(/^Timed out/);
  });

  it('lets an uninstall take over once the release timeout has passed', async () => {
    const { tenant, admin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    await leavePending(rel, '2 hours');
    expect((await del(`${BASE}/${rel.id}`, admin.token)).body).toMatchObject({ status: 'UNINSTALLED' });
    expect((await history(rel.id)).map((r: any) => r.status)).toEqual(['UNINSTALLED', 'FAILED']);
  });
});

describe('POST /releases/{id}/rollback and /rollback/last-successful', () => {
  it('rolls back by creating a new revision that copies the target\'s chart version and values', async () => {
    const { tenant, admin } = await fixture();
    const rel = await install(tenant.id, admin.token, { chartVersion: '1.8.0', valuesOverride: { replicaCount: 5 } });
    await api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.10.0', valuesOverride: { replicaCount: 7 } }, auth(admin.token));
    const res = await api.post(`${BASE}/${rel.id}/rollback`, { targetRevision: 1 }, auth(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'DEPLOYED', revision: 3, deployedRevision: 3, chartVersion: '1.8.0', appVersion: '4.1.0', deployedChartVersion: '1.8.0' });
    const [r1, r2, r3] = await history(rel.id, admin.token);
    expect(r3).toMatchObject({ action: 'ROLLBACK', rollbackTo: 1, status: 'DEPLOYED', chartVersion: '1.8.0', description: 'Rollback to 1' });
    expect(r3.values).toEqual(r1.values);
    expect(r3.valuesOverride).toEqual({ replicaCount: 5 });
    expect(r3.manifestHash).toBe(r1.manifestHash);
    expect([r1.status, r2.status]).toEqual(['SUPERSEDED', 'SUPERSEDED']);
  });

  it('refuses an unknown revision (404), a bad revision number (400), roles (401, 403), other tenants (404)', async () => {
    const { tenant, admin, member, otherAdmin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    const rb = (body: unknown, token?: string) => api.post(`${BASE}/${rel.id}/rollback`, body, token ? auth(token) : {});
    expectEnvelope(await rb({ targetRevision: 9 }, admin.token), 404, 'DPF-TEN-086');
    expectEnvelope(await rb({ targetRevision: 0 }, admin.token), 400, 'DPF-TEN-081');
    expectEnvelope(await rb({ targetRevision: 'one' }, admin.token), 400);
    expectEnvelope(await rb({ targetRevision: 1 }), 401, 'DPF-AUTH-001');
    expectEnvelope(await rb({ targetRevision: 1 }, member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await rb({ targetRevision: 1 }, otherAdmin.token), 404, 'DPF-TEN-080');
    expectEnvelope(await api.post(`${BASE}/${randomUUID()}/rollback`, { targetRevision: 1 }, auth(root)), 404, 'DPF-TEN-080');
  });

  it('rolls back to the last DEPLOYED or SUPERSEDED revision before the current one', async () => {
    const { tenant, admin, member, otherAdmin } = await fixture();
    const rel = await install(tenant.id, admin.token, { chartVersion: '1.8.0' });
    const last = (token?: string) => api.post(`${BASE}/${rel.id}/rollback/last-successful`, undefined, token ? auth(token) : {});
    expectEnvelope(await last(admin.token), 409, 'DPF-TEN-087');
    await api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.9.0' }, auth(admin.token));
    const failed = await api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.10.0', valuesOverride: { replicaCount: -5 } }, auth(admin.token));
    expect(failed.body.status).toBe('FAILED');
    // Current revision 3 failed; the last successful before it is revision 2 (1.9.0).
    const res = await last(admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'DEPLOYED', revision: 4, chartVersion: '1.9.0' });
    expect((await history(rel.id)).map((r: any) => [r.revision, r.status, r.rollbackTo])).toEqual([
      [1, 'SUPERSEDED', null], [2, 'SUPERSEDED', null], [3, 'FAILED', null], [4, 'DEPLOYED', 2],
    ]);
    // Current revision 4 is deployed: the last successful before it is revision 2 again.
    expect((await last(admin.token)).body).toMatchObject({ revision: 5, chartVersion: '1.9.0' });
    expectEnvelope(await last(), 401, 'DPF-AUTH-001');
    expectEnvelope(await last(member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await last(otherAdmin.token), 404, 'DPF-TEN-080');
    await del(`${BASE}/${rel.id}`, admin.token);
    expectEnvelope(await last(admin.token), 409, 'DPF-TEN-083');
    expectEnvelope(await api.post(`${BASE}/${rel.id}/rollback`, { targetRevision: 1 }, auth(admin.token)), 409, 'DPF-TEN-083');
  });
});

describe('DELETE /releases/{id} (uninstall) and GET /releases/{id}/history', () => {
  it('uninstalls keeping the history; a second uninstall is 409', async () => {
    const { tenant, admin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    await api.post(`${BASE}/${rel.id}/upgrade`, { chartVersion: '1.10.0' }, auth(admin.token));
    const res = await del(`${BASE}/${rel.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: rel.id, status: 'UNINSTALLED', deployedRevision: null, uninstalledAt: expect.any(String), revision: 2 });
    expect((await history(rel.id, admin.token)).map((r: any) => r.status)).toEqual(['SUPERSEDED', 'UNINSTALLED']);
    expectEnvelope(await del(`${BASE}/${rel.id}`, admin.token), 409, 'DPF-TEN-083');
    expect((await api.get(`${BASE}/tenant/${tenant.id}?status=UNINSTALLED`, auth(admin.token))).body.map((r: any) => r.id)).toEqual([rel.id]);
  });

  it('uninstalls a FAILED install', async () => {
    const { tenant, admin } = await fixture();
    const rel = await install(tenant.id, admin.token, { valuesOverride: { image: { repository: '' } } });
    expect(rel.status).toBe('FAILED');
    expect((await del(`${BASE}/${rel.id}`, admin.token)).body).toMatchObject({ status: 'UNINSTALLED' });
  });

  it('needs credentials and the role, and isolates tenants', async () => {
    const { tenant, admin, member, otherAdmin } = await fixture();
    const rel = await install(tenant.id, admin.token);
    expectEnvelope(await del(`${BASE}/${rel.id}`), 401, 'DPF-AUTH-001');
    expectEnvelope(await del(`${BASE}/${rel.id}`, member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await del(`${BASE}/${rel.id}`, otherAdmin.token), 404, 'DPF-TEN-080');
    expectEnvelope(await del(`${BASE}/${randomUUID()}`, root), 404, 'DPF-TEN-080');
    expectEnvelope(await api.get(`${BASE}/${rel.id}/history`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`${BASE}/${rel.id}/history`, auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${BASE}/${rel.id}/history`, auth(otherAdmin.token)), 404, 'DPF-TEN-080');
    expectEnvelope(await api.get(`${BASE}/${randomUUID()}/history`, auth(root)), 404, 'DPF-TEN-080');
    expect((await api.get(`${BASE}/${rel.id}`, auth(admin.token))).body.status).toBe('DEPLOYED');
  });
});

describe('platform views: summary, versions, needs-upgrade', () => {
  it('summarises releases by status, chart and tenant (Platform admin)', async () => {
    const { tenant, admin } = await fixture();
    const before = (await api.get(`${BASE}/summary`, auth(root))).body;
    await install(tenant.id, admin.token);
    await install(tenant.id, admin.token, { chartName: 'dataplat-ingestion', chartVersion: '1.0.0' });
    const gone = await install(tenant.id, admin.token);
    await del(`${BASE}/${gone.id}`, admin.token);
    const res = await api.get(`${BASE}/summary`, auth(root));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(before.total + 3);
    expect(res.body.live).toBe(before.live + 2);
    expect(res.body.byStatus.UNINSTALLED).toBe((before.byStatus.UNINSTALLED ?? 0) + 1);
    expect(res.body.byStatus.DEPLOYED).toBe((before.byStatus.DEPLOYED ?? 0) + 2);
    expect(res.body.byChart['dataplat-ingestion']).toBe((before.byChart['dataplat-ingestion'] ?? 0) + 1);
    expect(res.body.byTenant[tenant.id]).toBe(2);
    expectEnvelope(await api.get(`${BASE}/summary`, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${BASE}/summary`), 401, 'DPF-AUTH-001');
  });

  it('maps running versions to counts in semver order and lists releases older than a target (1.9.0 < 1.10.0)', async () => {
    const { tenant, admin } = await fixture();
    const chart = 'dataplat-query-engine';
    const v331 = await install(tenant.id, admin.token, { chartName: chart, chartVersion: '3.3.1' });
    const v320 = await install(tenant.id, admin.token, { chartName: chart, chartVersion: '3.2.0' });
    const v340 = await install(tenant.id, admin.token, { chartName: chart, chartVersion: '3.4.0' });
    const failedUp = await api.post(`${BASE}/${v331.id}/upgrade`, { chartVersion: '3.4.0', valuesOverride: { workers: { count: 500 } } }, auth(admin.token));
    expect(failedUp.body.status).toBe('FAILED');
    const versions = await api.get(`${BASE}/chart/${chart}/versions`, auth(root));
    expect(versions.status).toBe(200);
    // The failed upgrade to 3.4.0 leaves 3.3.1 running.
    expect(versions.body).toEqual({ '3.2.0': 1, '3.3.1': 1, '3.4.0': 1 });
    expect(Object.keys(versions.body)).toEqual(['3.2.0', '3.3.1', '3.4.0']);

    const rt19 = await install(tenant.id, admin.token, { chartVersion: '1.9.0' });
    const rt110 = await install(tenant.id, admin.token, { chartVersion: '1.10.0' });
    const rt = await api.get(`${BASE}/chart/${RUNTIME}/versions`, auth(root));
    const keys = Object.keys(rt.body);
    expect(keys.indexOf('1.9.0')).toBeLessThan(keys.indexOf('1.10.0'));
    const needs = await api.get(`${BASE}/chart/${RUNTIME}/needs-upgrade?targetVersion=1.10.0`, auth(root));
    expect(needs.status).toBe(200);
    const ids = needs.body.map((r: any) => r.id);
    expect(ids).toContain(rt19.id);
    expect(ids).not.toContain(rt110.id);
    expect(needs.body.every((r: any) => ['1.8.0', '1.9.0'].includes(r.deployedChartVersion ?? r.chartVersion))).toBe(true);
    const qe = await api.get(`${BASE}/chart/${chart}/needs-upgrade?targetVersion=3.4.0`, auth(root));
    expect(qe.body.map((r: any) => r.id)).toEqual([v320.id, v331.id]);
    expect(qe.body.map((r: any) => r.id)).not.toContain(v340.id);

    expectEnvelope(await api.get(`${BASE}/chart/${chart}/needs-upgrade?targetVersion=3.4`, auth(root)), 400, 'DPF-TEN-081');
    expectEnvelope(await api.get(`${BASE}/chart/${chart}/needs-upgrade`, auth(root)), 400);
    expectEnvelope(await api.get(`${BASE}/chart/nginx/needs-upgrade?targetVersion=1.0.0`, auth(root)), 404, 'DPF-TEN-084');
    expectEnvelope(await api.get(`${BASE}/chart/nginx/versions`, auth(root)), 404, 'DPF-TEN-084');
    expectEnvelope(await api.get(`${BASE}/chart/${chart}/versions`, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${BASE}/chart/${chart}/needs-upgrade?targetVersion=3.4.0`, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${BASE}/chart/${chart}/versions`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`${BASE}/chart/${chart}/needs-upgrade?targetVersion=3.4.0`), 401, 'DPF-AUTH-001');
  });
});

describe('POST /releases/chart/{chartName}/batch-upgrade', () => {
  it('refuses bad requests (400, 404) and callers other than platform admins (401, 403)', async () => {
    const { admin } = await fixture();
    const batch = (chart: string, target: string | undefined, token?: string) =>
      api.post(`${BASE}/chart/${chart}/batch-upgrade${target ? `?targetVersion=${target}` : ''}`, undefined, token ? auth(token) : {});
    expectEnvelope(await batch(RUNTIME, '2.1.0', root), 400, 'DPF-TEN-085');
    expectEnvelope(await batch(RUNTIME, 'latest', root), 400, 'DPF-TEN-081');
    expectEnvelope(await batch(RUNTIME, undefined, root), 400);
    expectEnvelope(await batch('nginx', '1.0.0', root), 404, 'DPF-TEN-084');
    expectEnvelope(await batch(RUNTIME, '2.0.0', admin.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await batch(RUNTIME, '2.0.0'), 401, 'DPF-AUTH-001');
  });

  it('upgrades releases one after another; a failing one does not stop the others', async () => {
    const { tenant, admin, other } = await fixture();
    const a = await install(tenant.id, admin.token, { chartVersion: '1.8.0' });
    // Valid on 1.x (replicaCount <= 50) but not on 2.0.0 (replicaCount <= 10).
    const b = await install(other.id, root, { chartVersion: '1.9.0', valuesOverride: { replicaCount: 12 } });
    const c = await install(tenant.id, admin.token, { chartVersion: '1.10.0', valuesOverride: { service: { port: 8443 } } });
    const done = await install(tenant.id, admin.token, { chartVersion: '2.0.0' });
    const gone = await install(tenant.id, admin.token, { chartVersion: '1.8.0' });
    await del(`${BASE}/${gone.id}`, admin.token);

    const res = await api.post(`${BASE}/chart/${RUNTIME}/batch-upgrade?targetVersion=2.0.0`, undefined, auth(root));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ chartName: RUNTIME, targetVersion: '2.0.0' });
    const upgraded = res.body.upgraded.map((r: any) => r.id);
    expect(upgraded).toEqual(expect.arrayContaining([a.id, c.id]));
    expect(upgraded).not.toContain(done.id);
    expect(upgraded).not.toContain(gone.id);
    expect(res.body.upgraded.every((r: any) => r.status === 'DEPLOYED' && r.chartVersion === '2.0.0')).toBe(true);
    // Releases of earlier tests (e.g. a FAILED install with invalid values) take part as well.
    const mine = res.body.failed.filter((f: any) => [tenant.id, other.id].includes(f.tenantId));
    expect(mine).toEqual([
      { releaseId: b.id, tenantId: other.id, releaseName: b.releaseName, fromVersion: '1.9.0', status: 'FAILED', message: expect.stringContaining('replicaCount: must be <= 10') },
    ]);
    // Oldest version first: a (1.8.0) was upgraded before c (1.10.0).
    expect(upgraded.indexOf(a.id)).toBeLessThan(upgraded.indexOf(c.id));
    // b keeps running 1.9.0; c kept its values.
    expect((await api.get(`${BASE}/${b.id}`, auth(root))).body).toMatchObject({ status: 'FAILED', deployedRevision: 1, deployedChartVersion: '1.9.0', revision: 2 });
    expect((await history(c.id))[1].values.service.port).toBe(8443);
    expect((await api.get(`${BASE}/${gone.id}`, auth(root))).body).toMatchObject({ status: 'UNINSTALLED', revision: 1 });
    const versions = (await api.get(`${BASE}/chart/${RUNTIME}/versions`, auth(root))).body;
    expect(Object.keys(versions).at(-1)).toBe('2.0.0');
    expect(versions['1.8.0']).toBeUndefined();
    expect(versions['1.10.0']).toBeUndefined();
    // Nothing left to do but the failing ones.
    const again = await api.post(`${BASE}/chart/${RUNTIME}/batch-upgrade?targetVersion=2.0.0`, undefined, auth(root));
    expect(again.body.upgraded).toEqual([]);
    expect(again.body.failed.map((f: any) => f.releaseId)).toContain(b.id);
  });
});
