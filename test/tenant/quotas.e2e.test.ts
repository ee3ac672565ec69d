import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { userWithRoles, type Session } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, provisioningFinished, type ProvisionedTenant } from '../harness/tenant-factories';

/** Quotas (spec 2 "Endpoints / Quotas", docs/tenant-quotas-alerts.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const auth = (token: string) => ({ token });
const base = (tenantId: string) => `/api/v1/tenants/${tenantId}/quotas`;

interface Fixture { tenant: ProvisionedTenant; admin: Session; member: Session; other: ProvisionedTenant; otherAdmin: Session }

async function fixture(plan = 'STARTER'): Promise<Fixture> {
  const [tenant, other] = await Promise.all([provisionTenant(api, root, { plan }), provisionTenant(api, root)]);
  // Provisioning gives every tenant its plan's default quotas (asserted below); these tests start from none.
  await Promise.all([tenant.id, other.id].map((id) => provisioningFinished(api, root, id)));
  await query(platform.databaseUrl, 'DELETE FROM tenant.quotas WHERE tenant_id = ANY($1::uuid[])', [[tenant.id, other.id]]);
  const [admin, member, otherAdmin] = await Promise.all([
    userWithRoles(api, root, tenant.id, ['ADMIN']),
    userWithRoles(api, root, tenant.id),
    userWithRoles(api, root, other.id, ['ADMIN']),
  ]);
  return { tenant, admin, member, other, otherAdmin };
}

async function setQuota(tenantId: string, body: Record<string, unknown>) {
  const res = await api.post(base(tenantId), body, auth(root));
  expect(res.status).toBe(200);
  return res.body;
}

const record = (tenantId: string, token: string, resourceType: string, amount: number, source = 'pipeline-service') =>
  api.post(`${base(tenantId)}/usage`, { resourceType, amount, source }, auth(token));

describe('POST /quotas/defaults', () => {
  it('creates the default quotas of the tenant tier (201), idempotently', async () => {
    const { tenant } = await fixture('FREE');
    const res = await api.post(`${base(tenant.id)}/defaults`, undefined, auth(root));
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(9);
    const cpu = res.body.find((q: any) => q.resourceType === 'CPU');
    expect(cpu).toMatchObject({ tenantId: tenant.id, hardLimit: 2000, softLimit: 1600, unit: 'millicores', enforcementMode: 'HARD', currentUsage: 0, utilizationPercent: 0 });
    expect(res.body.find((q: any) => q.resourceType === 'API_CALLS')).toMatchObject({ hardLimit: 100, unit: 'requests per minute', usageWindow: 'minute' });
    const again = await api.post(`${base(tenant.id)}/defaults`, undefined, auth(root));
    expect(again.status).toBe(201);
    const rows = await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM tenant.quotas WHERE tenant_id = $1', [tenant.id]);
    expect(rows[0].n).toBe(9);
  });

  it('are made by provisioning (spec 2 Limits rule 7) and made again by a reprovision', async () => {
    const t = await provisionTenant(api, root, { plan: 'PROFESSIONAL' });
    expect(await provisioningFinished(api, root, t.id)).toBe('COMPLETED');
    const res = await api.get(base(t.id), auth(root));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(9);
    const defaults = (await api.post(`${base(t.id)}/defaults`, undefined, auth(root))).body;
    for (const q of defaults) expect(res.body.find((r: any) => r.resourceType === q.resourceType)).toMatchObject({ hardLimit: q.hardLimit, softLimit: q.softLimit, unit: q.unit });
    // Reprovisioning rolls the step back (the quotas go) and runs it again: the plan's defaults return.
    await setQuota(t.id, { resourceType: 'CPU', softLimit: 1, hardLimit: 2 });
    const rerun = await api.post(`/api/v1/tenants/${t.id}/provisioning/reprovision`, undefined, auth(root));
    expect(rerun.status).toBe(202);
    expect(await provisioningFinished(api, root, t.id)).toBe('COMPLETED');
    const after = (await api.get(base(t.id), auth(root))).body;
    expect(after).toHaveLength(9);
    expect(after.find((q: any) => q.resourceType === 'CPU').hardLimit).toBe(defaults.find((q: any) => q.resourceType === 'CPU').hardLimit);
  });

  it('uses the ENTERPRISE table for an enterprise tenant', async () => {
    const t = await provisionTenant(api, root, { plan: 'ENTERPRISE' });
    const res = await api.post(`${base(t.id)}/defaults`, undefined, auth(root));
    expect(res.body.find((q: any) => q.resourceType === 'USERS')).toMatchObject({ hardLimit: 1000, softLimit: 800 });
  });

  it('is for platform administrators only (401, 403) and 404 for an unknown tenant', async () => {
    const { tenant, admin } = await fixture();
    expectEnvelope(await api.post(`${base(tenant.id)}/defaults`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(`${base(tenant.id)}/defaults`, undefined, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post(`${base(randomUUID())}/defaults`, undefined, auth(root)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.post(`${base('not-a-uuid')}/defaults`, undefined, auth(root)), 404, 'DPF-TEN-001');
  });
});

describe('POST /quotas, GET /quotas, GET /quotas/{resourceType}', () => {
  it('creates then updates a quota, keeping usage', async () => {
    const { tenant, admin } = await fixture();
    const created = await setQuota(tenant.id, { resourceType: 'STORAGE', softLimit: 50, hardLimit: 100, unit: 'GiB', enforcementMode: 'HARD' });
    expect(created).toMatchObject({ resourceType: 'STORAGE', softLimit: 50, hardLimit: 100, unit: 'GiB', currentUsage: 0 });
    expect((await record(tenant.id, admin.token, 'STORAGE', 30)).status).toBe(200);
    const updated = await setQuota(tenant.id, { resourceType: 'STORAGE', softLimit: 150, hardLimit: 200 });
    expect(updated).toMatchObject({ id: created.id, softLimit: 150, hardLimit: 200, currentUsage: 30, utilizationPercent: 15 });
    const list = await api.get(base(tenant.id), auth(admin.token));
    expect(list.status).toBe(200);
    expect(list.body.map((q: any) => q.resourceType)).toEqual(['STORAGE']);
    const one = await api.get(`${base(tenant.id)}/STORAGE`, auth(admin.token));
    expect(one.body).toMatchObject({ id: created.id, currentUsage: 30 });
  });

  it.each([
    ['an unknown resource type', { resourceType: 'GPU', softLimit: 1, hardLimit: 2 }],
    ['a soft limit above the hard limit', { resourceType: 'CPU', softLimit: 10, hardLimit: 5 }],
    ['a negative limit', { resourceType: 'CPU', softLimit: -1, hardLimit: 5 }],
    ['a wrong unit', { resourceType: 'CPU', softLimit: 1, hardLimit: 5, unit: 'cores' }],
    ['an unknown enforcement mode', { resourceType: 'CPU', softLimit: 1, hardLimit: 5, enforcementMode: 'MAYBE' }],
    ['a missing hard limit', { resourceType: 'CPU', softLimit: 1 }],
  ])('refuses %s (400)', async (_, body) => {
    const { tenant } = await fixture();
    const res = await api.post(base(tenant.id), body, auth(root));
    expect(res.status).toBe(400);
    const rows = await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM tenant.quotas WHERE tenant_id = $1', [tenant.id]);
    expect(rows[0].n).toBe(0);
  });

  it('is 404 for a resource type without quota, and for another tenant (isolation)', async () => {
    const { tenant, admin, other, otherAdmin } = await fixture();
    await setQuota(tenant.id, { resourceType: 'CPU', softLimit: 8, hardLimit: 10 });
    expectEnvelope(await api.get(`${base(tenant.id)}/MEMORY`, auth(admin.token)), 404, 'DPF-TEN-040');
    expectEnvelope(await api.get(base(tenant.id), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${base(tenant.id)}/CPU`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.post(`${base(tenant.id)}/usage`, { resourceType: 'CPU', amount: 1, source: 'x' }, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expect((await api.get(base(other.id), auth(otherAdmin.token))).body).toEqual([]);
  });

  it('refuses writes to limits from tenant administrators (403) and reads from plain users (403)', async () => {
    const { tenant, admin, member } = await fixture();
    expectEnvelope(await api.post(base(tenant.id), { resourceType: 'CPU', softLimit: 1, hardLimit: 2 }, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(base(tenant.id), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(base(tenant.id)), 401, 'DPF-AUTH-001');
  });
});

describe('POST /quotas/usage', () => {
  it('accepts usage, warns above the soft limit and refuses above the hard limit (403, accepted false)', async () => {
    const { tenant, admin } = await fixture();
    await setQuota(tenant.id, { resourceType: 'PIPELINES', softLimit: 8, hardLimit: 10 });
    const first = await record(tenant.id, admin.token, 'PIPELINES', 5);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted: true, resourceType: 'PIPELINES', currentUsage: 5, softLimit: 8, hardLimit: 10, utilizationPercent: 50, warningIssued: false, message: null });
    const warned = await record(tenant.id, admin.token, 'PIPELINES', 4);
    expect(warned.body).toMatchObject({ accepted: true, currentUsage: 9, utilizationPercent: 90, warningIssued: true, message: expect.stringContaining('soft limit') });
    const refused = await record(tenant.id, admin.token, 'PIPELINES', 2);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      accepted: false, resourceType: 'PIPELINES', currentUsage: 9, softLimit: 8, hardLimit: 10, warningIssued: true, message: expect.stringContaining('exceeds the hard limit'),
      error: { code: 'DPF-TEN-041' },
    });
    const exact = await record(tenant.id, admin.token, 'PIPELINES', 1);
    expect(exact.body).toMatchObject({ accepted: true, currentUsage: 10, utilizationPercent: 100 });
    // A negative amount releases usage.
    expect((await record(tenant.id, admin.token, 'PIPELINES', -3)).body).toMatchObject({ accepted: true, currentUsage: 7 });
    const records = await query(platform.databaseUrl, 'SELECT amount, accepted FROM tenant.quota_usage_records WHERE tenant_id = $1 ORDER BY id', [tenant.id]);
    expect(records).toEqual([{ amount: 5, accepted: true }, { amount: 4, accepted: true }, { amount: 2, accepted: false }, { amount: 1, accepted: true }, { amount: -3, accepted: true }]);
  });

  it('counts API_CALLS within the current minute: a new window starts from zero', async () => {
    const { tenant, admin } = await fixture();
    await setQuota(tenant.id, { resourceType: 'API_CALLS', softLimit: 8, hardLimit: 10 });
    // Not across a minute boundary: the first two records must share a window.
    const second = new Date().getUTCSeconds();
    if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    expect((await record(tenant.id, admin.token, 'API_CALLS', 10)).body).toMatchObject({ accepted: true, currentUsage: 10 });
    expect((await record(tenant.id, admin.token, 'API_CALLS', 1)).status).toBe(403);
    // As if the window had started two minutes ago.
    await query(platform.databaseUrl, `UPDATE tenant.quotas SET window_start = window_start - interval '2 minutes' WHERE tenant_id = $1 AND resource_type = 'API_CALLS'`, [tenant.id]);
    expect((await api.get(`${base(tenant.id)}/API_CALLS`, auth(admin.token))).body).toMatchObject({ currentUsage: 0, usageWindow: 'minute' });
    expect((await record(tenant.id, admin.token, 'API_CALLS', 3)).body).toMatchObject({ accepted: true, currentUsage: 3 });
  });

  it('accepts usage above the hard limit for a SOFT quota', async () => {
    const { tenant, admin } = await fixture();
    await setQuota(tenant.id, { resourceType: 'MODELS', softLimit: 1, hardLimit: 2, enforcementMode: 'SOFT' });
    expect((await record(tenant.id, admin.token, 'MODELS', 5)).body).toMatchObject({ accepted: true, currentUsage: 5, utilizationPercent: 250, warningIssued: true });
  });

  it('never overshoots the hard limit under 50 concurrent recordings', async () => {
    const { tenant, admin } = await fixture();
    await setQuota(tenant.id, { resourceType: 'CONNECTIONS', softLimit: 10, hardLimit: 17 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => record(tenant.id, admin.token, 'CONNECTIONS', 1, `worker-${i}`)));
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 403);
    expect(accepted).toHaveLength(17);
    expect(refused).toHaveLength(33);
    refused.forEach((r) => expect(r.body.accepted).toBe(false));
    expect(Math.max(...accepted.map((r) => r.body.currentUsage))).toBe(17);
    const [quota] = await query(platform.databaseUrl, `SELECT used FROM tenant.quotas WHERE tenant_id = $1 AND resource_type = 'CONNECTIONS'`, [tenant.id]);
    expect(quota.used).toBe(17);
    const [counts] = await query(platform.databaseUrl, 'SELECT count(*) FILTER (WHERE accepted)::int AS ok, count(*) FILTER (WHERE NOT accepted)::int AS refused FROM tenant.quota_usage_records WHERE tenant_id = $1', [tenant.id]);
    expect(counts).toEqual({ ok: 17, refused: 33 });
    // Concurrent crossings raised one alert per cause, not one per request.
    const alerts = await query(platform.databaseUrl, 'SELECT source, count(*)::int AS n FROM tenant.alerts WHERE tenant_id = $1 GROUP BY source ORDER BY source', [tenant.id]);
    expect(alerts).toEqual([{ source: 'QUOTA_HARD_LIMIT', n: 1 }, { source: 'QUOTA_REFUSED', n: 1 }, { source: 'QUOTA_SOFT_LIMIT', n: 1 }]);
  });

  it.each([
    ['a zero amount', { resourceType: 'CPU', amount: 0, source: 'x' }, 'DPF-TEN-043'],
    ['a release below zero', { resourceType: 'CPU', amount: -1, source: 'x' }, 'DPF-TEN-043'],
    ['an empty source', { resourceType: 'CPU', amount: 1, source: '   ' }, 'DPF-TEN-043'],
    ['an unknown resource type', { resourceType: 'GPU', amount: 1, source: 'x' }, undefined],
    ['a text amount', { resourceType: 'CPU', amount: 'ten', source: 'x' }, undefined],
  ])('refuses %s (400) and writes nothing', async (_, body, code) => {
    const { tenant, admin } = await fixture();
    await setQuota(tenant.id, { resourceType: 'CPU', softLimit: 8, hardLimit: 10 });
    const res = await api.post(`${base(tenant.id)}/usage`, body, auth(admin.token));
    expect(res.status).toBe(400);
    if (code) expectEnvelope(res, 400, code);
    const rows = await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM tenant.quota_usage_records WHERE tenant_id = $1', [tenant.id]);
    expect(rows[0].n).toBe(0);
  });

  it('is 404 for a resource type without quota, 401 without and 403 with a plain user token', async () => {
    const { tenant, admin, member } = await fixture();
    expectEnvelope(await record(tenant.id, admin.token, 'CPU', 1), 404, 'DPF-TEN-040');
    expectEnvelope(await api.post(`${base(tenant.id)}/usage`, { resourceType: 'CPU', amount: 1, source: 'x' }), 401, 'DPF-AUTH-001');
    expectEnvelope(await record(tenant.id, member.token, 'CPU', 1), 403, 'DPF-AUTH-007');
  });
});

describe('GET /quotas/summary and /quotas/{resourceType}/check', () => {
  it('summarises usage and utilization and checks availability', async () => {
    const { tenant, admin, otherAdmin } = await fixture();
    await setQuota(tenant.id, { resourceType: 'CPU', softLimit: 800, hardLimit: 1000 });
    await setQuota(tenant.id, { resourceType: 'USERS', softLimit: 4, hardLimit: 5 });
    await record(tenant.id, admin.token, 'CPU', 900);
    await record(tenant.id, admin.token, 'USERS', 5);
    const summary = await api.get(`${base(tenant.id)}/summary`, auth(admin.token));
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ tenantId: tenant.id, totalQuotas: 2, overSoftLimit: 2, atHardLimit: 1, highestUtilizationPercent: 100 });
    const check = await api.get(`${base(tenant.id)}/CPU/check?amount=50`, auth(admin.token));
    expect(check.body).toEqual({ resourceType: 'CPU', requestedAmount: 50, currentUsage: 900, softLimit: 800, hardLimit: 1000, available: 100, allowed: true, wouldExceedSoftLimit: true, utilizationPercentAfter: 95 });
    expect((await api.get(`${base(tenant.id)}/CPU/check?amount=101`, auth(admin.token))).body).toMatchObject({ allowed: false, available: 100 });
    expect((await api.get(`${base(tenant.id)}/cpu/check?amount=1`, auth(admin.token))).status).toBe(200);
    expect((await api.get(`${base(tenant.id)}/CPU/check?amount=abc`, auth(admin.token))).status).toBe(400);
    expectEnvelope(await api.get(`${base(tenant.id)}/CPU/check?amount=-5`, auth(admin.token)), 400, 'DPF-TEN-043');
    expectEnvelope(await api.get(`${base(tenant.id)}/MODELS/check?amount=1`, auth(admin.token)), 404, 'DPF-TEN-040');
    expectEnvelope(await api.get(`${base(tenant.id)}/summary`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
  });
});

describe('GET /quotas/{resourceType}/usage/history and /trend', () => {
  it('lists recorded usage and aggregates it per hour, day and week in SQL', async () => {
    const { tenant, admin, otherAdmin } = await fixture();
    await setQuota(tenant.id, { resourceType: 'STORAGE', softLimit: 80, hardLimit: 100 });
    for (const n of [10, 20, 5]) expect((await record(tenant.id, admin.token, 'STORAGE', n)).status).toBe(200);
    expect((await record(tenant.id, admin.token, 'STORAGE', 90)).status).toBe(403);
    // Older records, placed in earlier days as if recorded then.
    await query(platform.databaseUrl, `UPDATE tenant.quota_usage_records SET recorded_at = now() - interval '3 days' WHERE tenant_id = $1 AND amount = 10`, [tenant.id]);
    await query(platform.databaseUrl, `UPDATE tenant.quota_usage_records SET recorded_at = now() - interval '10 days' WHERE tenant_id = $1 AND amount = 20`, [tenant.id]);

    const history = await api.get(`${base(tenant.id)}/STORAGE/usage/history`, auth(admin.token));
    expect(history.status).toBe(200);
    expect(history.body.records.map((r: any) => [r.amount, r.accepted])).toEqual([[90, false], [5, true], [10, true]]);
    const all = await api.get(`${base(tenant.id)}/STORAGE/usage/history?start=${new Date(Date.now() - 30 * 86_400_000).toISOString()}`, auth(admin.token));
    expect(all.body.records).toHaveLength(4);

    const trend = await api.get(`${base(tenant.id)}/STORAGE/usage/trend`, auth(admin.token));
    expect(trend.status).toBe(200);
    expect(trend.body.interval).toBe('day');
    expect(trend.body.points).toHaveLength(3);
    const today = trend.body.points[2];
    expect(today).toMatchObject({ totalAmount: 5, acceptedCount: 1, refusedCount: 1, peakUsage: 35 });
    expect(trend.body.points[0]).toMatchObject({ totalAmount: 20, acceptedCount: 1, refusedCount: 0 });
    const weekly = await api.get(`${base(tenant.id)}/STORAGE/usage/trend?interval=week`, auth(admin.token));
    expect(weekly.body.points.reduce((n: number, p: any) => n + p.totalAmount, 0)).toBe(35);
    const hourly = await api.get(`${base(tenant.id)}/STORAGE/usage/trend?interval=hour&start=${new Date(Date.now() - 3_600_000).toISOString()}`, auth(admin.token));
    expect(hourly.body.points.reduce((n: number, p: any) => n + p.totalAmount, 0)).toBe(5);

    expectEnvelope(await api.get(`${base(tenant.id)}/STORAGE/usage/trend?interval=month`, auth(admin.token)), 400, 'DPF-TEN-043');
    // A date-time parameter is checked by the facade against the scalar before the call (DPF-API-001).
    expectEnvelope(await api.get(`${base(tenant.id)}/STORAGE/usage/history?start=yesterday`, auth(admin.token)), 400, 'DPF-API-001');
    expectEnvelope(await api.get(`${base(tenant.id)}/STORAGE/usage/trend?end=2026-02-30`, auth(admin.token)), 400, 'DPF-API-001');
    const dateOnly = await api.get(`${base(tenant.id)}/STORAGE/usage/history?start=2000-01-01&end=2000-01-02`, auth(admin.token));
    expect(dateOnly.status).toBe(200);
    expect(dateOnly.body).toMatchObject({ start: '2000-01-01T00:00:00.000Z', end: '2000-01-02T00:00:00.000Z', records: [] });
    expectEnvelope(await api.get(`${base(tenant.id)}/STORAGE/usage/history?start=2030-01-02T00:00:00Z&end=2030-01-01T00:00:00Z`, auth(admin.token)), 400, 'DPF-TEN-043');
    expectEnvelope(await api.get(`${base(tenant.id)}/CPU/usage/history`, auth(admin.token)), 404, 'DPF-TEN-040');
    expectEnvelope(await api.get(`${base(tenant.id)}/STORAGE/usage/trend`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
  });
});
