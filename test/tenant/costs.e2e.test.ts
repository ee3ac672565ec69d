import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { dayOffset, placeTenant, recordClusterCost, recordNetworkUsage, registerCluster, seedUsage } from '../harness/cost-factories';
import { userWithRoles, type Session } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, type ProvisionedTenant } from '../harness/tenant-factories';

/** Cost attribution and cost dashboard (spec 2, docs/tenant-costs.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const auth = (token: string) => ({ token });
const ATTR = '/api/v1/cost-attribution';
const DASH = '/api/v1/cost-dashboard';
const attribute = (cluster: string, date: string, token = root) => api.post(`${ATTR}/cluster/${cluster}/attribute?date=${date}`, undefined, auth(token));
const prevDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

interface Scenario { cluster: string; a: ProvisionedTenant; b: ProvisionedTenant; c: ProvisionedTenant }

/**
 * One cluster with default weights (CPU 1, memory 0.25, storage 0.01, network 0.05) costing
 * 1000 on `day` (compute 600, storage 200, network 100, other 100). Usage on `day`:
 * - A: CPU 2000 m all day = 48 core-hours (x1 = 48, pipeline-service) + 4096 MiB from 12:00 =
 *   4 GiB x 12 h = 48 GiB-hours (x0.25 = 12, ml-service): weight 60.
 * - B: CPU 1000 m all day = 24 core-hours (24) + 1000 GiB all day = 1000 GiB-days (x0.01 = 10)
 *   (query-service) + 120 GiB network (x0.05 = 6, ingestion-service): weight 40.
 * - C: placed, no usage: weight 0.
 * Total 100: A 1000 x 60/100 = 600 (360/120/60/60), B 400 (240/80/40/40), C 0.
 */
async function scenario(day: string): Promise<Scenario> {
  const [a, b, c] = await Promise.all([provisionTenant(api, root, { plan: 'PROFESSIONAL' }), provisionTenant(api, root), provisionTenant(api, root, { plan: 'FREE' })]);
  const { name: cluster } = await registerCluster(api, root);
  const before = `${prevDay(day)}T12:00:00Z`;
  await Promise.all([
    ...[a, b, c].map((t) => placeTenant(api, root, t.id, cluster, prevDay(day))),
    seedUsage(platform.databaseUrl, a.id, 'CPU', 'pipeline-service', 2000, before),
    seedUsage(platform.databaseUrl, a.id, 'MEMORY', 'ml-service', 4096, `${day}T12:00:00Z`),
    seedUsage(platform.databaseUrl, b.id, 'CPU', 'query-service', 1000, before),
    seedUsage(platform.databaseUrl, b.id, 'STORAGE', 'query-service', 1000, before),
    recordNetworkUsage(api, root, b.id, day, 'ingestion-service', 120),
    recordClusterCost(api, root, cluster, day, { computeCost: 600, storageCost: 200, networkCost: 100, otherCost: 100 }),
  ]);
  return { cluster, a, b, c };
}

/** A tenant alone on its own cluster with 1000 millicores from `since`: it carries the whole cluster cost of each attributed day. */
async function soloTenant(since: string, plan = 'STARTER'): Promise<{ tenant: ProvisionedTenant; cluster: string }> {
  const tenant = await provisionTenant(api, root, { plan });
  const { name: cluster } = await registerCluster(api, root);
  await placeTenant(api, root, tenant.id, cluster, since);
  await seedUsage(platform.databaseUrl, tenant.id, 'CPU', 'pipeline-service', 1000, `${since}T00:00:00Z`);
  return { tenant, cluster };
}

async function costOn(cluster: string, day: string, computeCost: number): Promise<void> {
  await recordClusterCost(api, root, cluster, day, { computeCost });
  expect((await attribute(cluster, day)).status).toBe(200);
}

async function sessions(tenant: ProvisionedTenant): Promise<{ admin: Session; member: Session; otherAdmin: Session }> {
  const other = await provisionTenant(api, root);
  const [admin, member, otherAdmin] = await Promise.all([userWithRoles(api, root, tenant.id, ['ADMIN']), userWithRoles(api, root, tenant.id), userWithRoles(api, root, other.id, ['ADMIN'])]);
  return { admin, member, otherAdmin };
}

describe('POST /cost-attribution/cluster/{clusterName}/attribute', () => {
  it('attributes by the weighted usage share, with the category and resource splits', async () => {
    const day = '2025-06-15';
    const { cluster, a, b, c } = await scenario(day);
    // two runs at once: serialised per (cluster, day), both succeed, one result stays
    const [res, twin] = await Promise.all([attribute(cluster, day), attribute(cluster, day)]);
    expect([res.status, twin.status]).toEqual([200, 200]);
    expect(twin.body.tenants).toEqual(res.body.tenants);
    expect(res.body).toMatchObject({
      clusterName: cluster, date: day, currency: 'USD', clusterCost: 1000, clusterBreakdown: { compute: 600, storage: 200, network: 100, other: 100 },
      weights: { cpu: 1, memory: 0.25, storage: 0.01, network: 0.05 }, totalWeight: 100, attributedCost: 1000, unattributedCost: 0, tenantCount: 3,
    });
    expect(res.body.tenants.map((t: any) => [t.tenantId, t.cost, t.weight, t.sharePercent])).toEqual([[a.id, 600, 60, 60], [b.id, 400, 40, 40], [c.id, 0, 0, 0]]);
    const [ta, tb] = res.body.tenants;
    expect(ta).toMatchObject({ tenantName: a.body.name, usage: { cpuCoreHours: 48, memoryGibHours: 48, storageGibDays: 0, networkGib: 0 }, breakdown: { compute: 360, storage: 120, network: 60, other: 60 }, resourceCosts: { cpu: 480, memory: 120, storage: 0, network: 0 } });
    // B: cpu 400 x 24/40 = 240, storage 400 x 10/40 = 100, network 400 x 6/40 = 60
    expect(tb).toMatchObject({ usage: { cpuCoreHours: 24, memoryGibHours: 0, storageGibDays: 1000, networkGib: 120 }, breakdown: { compute: 240, storage: 80, network: 40, other: 40 }, resourceCosts: { cpu: 240, memory: 0, storage: 100, network: 60 } });
  });

  it('is idempotent: a re-run replaces the result of the cluster and day', async () => {
    const day = '2025-07-15';
    const { cluster, a } = await scenario(day);
    const first = await attribute(cluster, day);
    const second = await attribute(cluster, day);
    expect(second.status).toBe(200);
    expect(second.body.tenants).toEqual(first.body.tenants);
    const count = async () => (await query(platform.databaseUrl, `SELECT (SELECT count(*) FROM tenant.cost_attributions WHERE date = $1)::int AS a, (SELECT count(*) FROM tenant.cost_tenant_usage WHERE date = $1)::int AS u, (SELECT count(*) FROM tenant.cost_attribution_runs WHERE date = $1)::int AS r`, [day]))[0];
    // 3 tenants; usage rows: A pipeline + ml, B query + ingestion
    expect(await count()).toEqual({ a: 3, u: 4, r: 1 });
    await recordClusterCost(api, root, cluster, day, { computeCost: 2000 });
    const third = await attribute(cluster, day);
    expect(third.body.tenants[0]).toMatchObject({ tenantId: a.id, cost: 1200, breakdown: { compute: 1200, storage: 0, network: 0, other: 0 } });
    expect(await count()).toEqual({ a: 3, u: 4, r: 1 });
  });

  it('attributes nothing when nobody used the cluster', async () => {
    const day = '2025-08-15';
    const t = await provisionTenant(api, root);
    const { name } = await registerCluster(api, root);
    await placeTenant(api, root, t.id, name, day);
    await recordClusterCost(api, root, name, day, { computeCost: 70, otherCost: 30 });
    const res = await attribute(name, day);
    expect(res.body).toMatchObject({ clusterCost: 100, totalWeight: 0, attributedCost: 0, unattributedCost: 100, tenantCount: 1, tenants: [{ tenantId: t.id, cost: 0, sharePercent: 0 }] });
  });

  it('derives today\'s usage from usage recorded through the quota API', async () => {
    const today = dayOffset(0);
    const [t1, t2] = await Promise.all([provisionTenant(api, root), provisionTenant(api, root)]);
    const { name } = await registerCluster(api, root);
    for (const t of [t1, t2]) {
      await placeTenant(api, root, t.id, name, today);
      expect((await api.post(`/api/v1/tenants/${t.id}/quotas`, { resourceType: 'CPU', softLimit: 8000, hardLimit: 10000 }, auth(root))).status).toBe(200);
    }
    expect((await api.post(`/api/v1/tenants/${t1.id}/quotas/usage`, { resourceType: 'CPU', amount: 4000, source: 'pipeline-service' }, auth(root))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    await recordClusterCost(api, root, name, today, { computeCost: 50 });
    const res = await attribute(name, today);
    expect(res.status).toBe(200);
    expect(res.body.tenants[0]).toMatchObject({ tenantId: t1.id, cost: 50, sharePercent: 100 });
    expect(res.body.tenants[0].usage.cpuCoreHours).toBeGreaterThan(0);
    expect(res.body.tenants[1]).toMatchObject({ tenantId: t2.id, cost: 0 });
  });

  it('answers 401, 403, 400, 404', async () => {
    const day = '2025-09-15';
    const { cluster, a } = await scenario(day);
    const { admin } = await sessions(a);
    expectEnvelope(await api.post(`${ATTR}/cluster/${cluster}/attribute?date=${day}`), 401, 'DPF-AUTH-001');
    expectEnvelope(await attribute(cluster, day, admin.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post(`${ATTR}/cluster/${cluster}/attribute`, undefined, auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await attribute(cluster, '2025-02-30'), 400, 'DPF-TEN-105');
    expectEnvelope(await attribute(cluster, 'yesterday'), 400, 'DPF-TEN-105');
    expectEnvelope(await attribute(cluster, dayOffset(1)), 400, 'DPF-TEN-105');
    expectEnvelope(await attribute('no-such-cluster', day), 404, 'DPF-TEN-100');
    expectEnvelope(await attribute(cluster, '2025-09-16'), 404, 'DPF-TEN-103');
  });
});

describe('POST /cost-attribution/all/attribute', () => {
  it('attributes every shared cluster with a cost for the day', async () => {
    const day = '2025-10-15';
    const { cluster } = await scenario(day);
    const other = await registerCluster(api, root);
    const dedicated = await registerCluster(api, root, { shared: false });
    const idle = await registerCluster(api, root);
    await recordClusterCost(api, root, other.name, day, { computeCost: 10 });
    await recordClusterCost(api, root, dedicated.name, day, { computeCost: 10 });
    const res = await api.post(`${ATTR}/all/attribute?date=${day}`, undefined, auth(root));
    expect(res.status).toBe(200);
    const names = res.body.map((r: any) => r.clusterName);
    expect(names).toEqual(expect.arrayContaining([cluster, other.name]));
    expect(names).not.toContain(dedicated.name);
    expect(names).not.toContain(idle.name);
    expect(res.body.find((r: any) => r.clusterName === cluster)).toMatchObject({ attributedCost: 1000, tenantCount: 3 });
    expectEnvelope(await api.post(`${ATTR}/all/attribute?date=2025-10-32`, undefined, auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.post(`${ATTR}/all/attribute?date=${day}`), 401, 'DPF-AUTH-001');
  });
});

describe('GET /cost-attribution/tenant/{tenantId}/breakdown and /trend', () => {
  it('sums the tenant\'s attributed costs over the period, day by day', async () => {
    const day = '2025-11-15';
    const { cluster, a, b } = await scenario(day);
    await attribute(cluster, day);
    const { admin, member, otherAdmin } = await sessions(a);
    const url = (id: string, q = 'startDate=2025-11-14&endDate=2025-11-16') => `${ATTR}/tenant/${id}/breakdown?${q}`;
    const res = await api.get(url(a.id), auth(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tenantId: a.id, period: { start: '2025-11-14', end: '2025-11-16' }, currency: 'USD', totalCost: 600, breakdown: { compute: 360, storage: 120, network: 60, other: 60 },
      dailyCosts: [{ date: '2025-11-14', cost: 0 }, { date: '2025-11-15', cost: 600 }, { date: '2025-11-16', cost: 0 }],
    });
    expect((await api.get(url(b.id), auth(root))).body.totalCost).toBe(400);
    expectEnvelope(await api.get(url(a.id)), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(url(a.id), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(url(a.id), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(url(randomUUID()), auth(root)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(url(a.id, 'startDate=2025-11-16&endDate=2025-11-14'), auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.get(url(a.id, 'startDate=2025-11-xx'), auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.get(url(a.id, 'startDate=2020-01-01&endDate=2025-11-14'), auth(root)), 400, 'DPF-TEN-105');
    const dflt = await api.get(`${ATTR}/tenant/${a.id}/breakdown`, auth(admin.token));
    expect(dflt.body.dailyCosts).toHaveLength(30);
    expect(dflt.body.period.end).toBe(dayOffset(0));
  });

  it('gives daily points ending today with the change from the day before', async () => {
    const { tenant, cluster } = await soloTenant(dayOffset(-5));
    await costOn(cluster, dayOffset(-2), 20);
    await costOn(cluster, dayOffset(-1), 30);
    const { admin, member, otherAdmin } = await sessions(tenant);
    const url = (q: string, id = tenant.id) => `${ATTR}/tenant/${id}/trend?${q}`;
    const res = await api.get(url('periods=3'), auth(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.map((p: any) => [p.date, p.cost, p.changeFromPrevious, p.changePercent])).toEqual([
      // 20 -> 30: +10, +50 %; 30 -> 0: -30, -100 %
      [dayOffset(-2), 20, null, null], [dayOffset(-1), 30, 10, 50], [dayOffset(0), 0, -30, -100],
    ]);
    expect(res.body[1].breakdown).toEqual({ compute: 30, storage: 0, network: 0, other: 0 });
    expect((await api.get(url(''), auth(root))).body).toHaveLength(30);
    expectEnvelope(await api.get(url('periods=0'), auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.get(url('periods=367'), auth(root)), 400, 'DPF-TEN-105');
    expect((await api.get(url('periods=abc'), auth(root))).status).toBe(400);
    expectEnvelope(await api.get(url('periods=3')), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(url('periods=3'), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(url('periods=3'), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
  });
});

describe('GET /cost-attribution/cluster/{clusterName}/comparison', () => {
  it('ranks tenants by cost with their usage percentages', async () => {
    const day = '2025-12-15';
    const { cluster, a, b, c } = await scenario(day);
    expectEnvelope(await api.get(`${ATTR}/cluster/${cluster}/comparison?date=${day}`, auth(root)), 404, 'DPF-TEN-104');
    await attribute(cluster, day);
    const res = await api.get(`${ATTR}/cluster/${cluster}/comparison?date=${day}`, auth(root));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clusterName: cluster, date: day, clusterCost: 1000, attributedCost: 1000, totalWeight: 100, totalUsage: { cpuCoreHours: 72, memoryGibHours: 48, storageGibDays: 1000, networkGib: 120 } });
    // CPU: A 48 / 72 = 66.67 %, B 24 / 72 = 33.33 %
    expect(res.body.tenants).toEqual([
      expect.objectContaining({ rank: 1, tenantId: a.id, cost: 600, costPercent: 60, usagePercent: { cpu: 66.67, memory: 100, storage: 0, network: 0 } }),
      expect.objectContaining({ rank: 2, tenantId: b.id, cost: 400, costPercent: 40, usagePercent: { cpu: 33.33, memory: 0, storage: 100, network: 100 } }),
      expect.objectContaining({ rank: 3, tenantId: c.id, cost: 0, costPercent: 0 }),
    ]);
    const { admin } = await sessions(a);
    expectEnvelope(await api.get(`${ATTR}/cluster/${cluster}/comparison?date=${day}`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`${ATTR}/cluster/${cluster}/comparison?date=${day}`, auth(admin.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${ATTR}/cluster/${cluster}/comparison?date=15-12-2025`, auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.get(`${ATTR}/cluster/nope-${randomUUID().slice(0, 4)}/comparison?date=${day}`, auth(root)), 404, 'DPF-TEN-100');
  });
});

describe('GET /cost-dashboard/platform/*', () => {
  it('overview, services and tier comparison of the attributed day', async () => {
    const day = '2024-03-15';
    const { cluster, a, b } = await scenario(day);
    await recordClusterCost(api, root, cluster, '2024-03-14', { computeCost: 500 });
    await attribute(cluster, day);
    const overview = await api.get(`${DASH}/platform/overview?date=${day}`, auth(root));
    expect(overview.status).toBe(200);
    expect(overview.body).toEqual({
      date: day, currency: 'USD', totalCost: 1000, attributedCost: 1000, unattributedCost: 0, breakdown: { compute: 600, storage: 200, network: 100, other: 100 },
      // previous day 500 -> 1000: +100 %; month to date 500 + 1000
      clusterCount: 1, tenantCount: 2, averageCostPerTenant: 500, previousDayCost: 500, changePercent: 100, monthToDate: 1500,
      topTenants: [{ tenantId: a.id, tenantName: a.body.name, cost: 600 }, { tenantId: b.id, tenantName: b.body.name, cost: 400 }],
      clusters: [{ clusterName: cluster, totalCost: 1000, attributedCost: 1000, tenantCount: 3, attributed: true }],
    });
    const services = await api.get(`${DASH}/platform/services?startDate=${day}&endDate=${day}`, auth(root));
    // A: pipeline 600 x 48/60 = 480, ml 600 x 12/60 = 120; B: query 400 x 34/40 = 340, ingestion 400 x 6/40 = 60
    expect(services.body).toEqual({
      period: { start: day, end: day }, currency: 'USD', totalCost: 1000,
      services: [
        { service: 'pipeline-service', cost: 480, percent: 48, tenantCount: 1 }, { service: 'query-service', cost: 340, percent: 34, tenantCount: 1 },
        { service: 'ml-service', cost: 120, percent: 12, tenantCount: 1 }, { service: 'ingestion-service', cost: 60, percent: 6, tenantCount: 1 },
      ],
    });
    const tiers = await api.get(`${DASH}/platform/tier-comparison?month=2024-03`, auth(root));
    expect(tiers.body).toMatchObject({ month: '2024-03', totalCost: 1000 });
    expect(tiers.body.tiers).toEqual([
      { tier: 'FREE', tenantCount: 1, totalCost: 0, averageCostPerTenant: 0, percentOfTotal: 0 },
      { tier: 'STARTER', tenantCount: 1, totalCost: 400, averageCostPerTenant: 400, percentOfTotal: 40 },
      { tier: 'PROFESSIONAL', tenantCount: 1, totalCost: 600, averageCostPerTenant: 600, percentOfTotal: 60 },
      { tier: 'ENTERPRISE', tenantCount: 0, totalCost: 0, averageCostPerTenant: 0, percentOfTotal: 0 },
    ]);
    expect((await api.get(`${DASH}/platform/overview`, auth(root))).body.date).toBe(dayOffset(0));
    expect((await api.get(`${DASH}/platform/tier-comparison`, auth(root))).body.month).toBe(dayOffset(0).slice(0, 7));
  });

  it('finds SPIKE and DROP anomalies against the mean of the previous days', async () => {
    const day = '2024-05-10';
    const spike = await soloTenant('2024-05-01');
    const drop = await soloTenant('2024-05-01');
    const short = await soloTenant('2024-05-01');
    for (const d of ['2024-05-06', '2024-05-07', '2024-05-08', '2024-05-09']) {
      await costOn(spike.cluster, d, d === '2024-05-09' ? 140 : 80); // mean (80 x 3 + 140) / 4 = 95
      await costOn(drop.cluster, d, 300);
    }
    await costOn(short.cluster, '2024-05-09', 10); // one day of history: never reported
    await costOn(spike.cluster, day, 400);
    await costOn(drop.cluster, day, 50);
    await costOn(short.cluster, day, 900);
    const res = await api.get(`${DASH}/platform/anomalies?date=${day}`, auth(root));
    expect(res.status).toBe(200);
    // spike: 400 - 95 = 305 > 100, 305 / 95 = 321.05 %; drop: 50 - 300 = -250, -83.33 %
    expect(res.body).toEqual([
      { tenantId: spike.tenant.id, tenantName: spike.tenant.body.name, date: day, actualCost: 400, expectedCost: 95, deviation: 305, deviationPercent: 321.05, anomalyType: 'SPIKE', resourceBreakdown: { compute: 400, storage: 0, network: 0 } },
      { tenantId: drop.tenant.id, tenantName: drop.tenant.body.name, date: day, actualCost: 50, expectedCost: 300, deviation: -250, deviationPercent: -83.33, anomalyType: 'DROP', resourceBreakdown: { compute: 50, storage: 0, network: 0 } },
    ]);
    const high = await api.get(`${DASH}/platform/anomalies?date=${day}&threshold=260`, auth(root));
    expect(high.body.map((x: any) => x.tenantId)).toEqual([spike.tenant.id]);
    expect((await api.get(`${DASH}/platform/anomalies`, auth(root))).status).toBe(200);
    expectEnvelope(await api.get(`${DASH}/platform/anomalies?threshold=-1`, auth(root)), 400, 'DPF-TEN-105');
    expect((await api.get(`${DASH}/platform/anomalies?threshold=lots`, auth(root))).status).toBe(400);
  });

  it('is for platform administrators (401, 403) and refuses bad input (400)', async () => {
    const t = await provisionTenant(api, root);
    const { admin } = await sessions(t);
    for (const path of ['overview', 'services', 'tier-comparison', 'anomalies']) {
      expectEnvelope(await api.get(`${DASH}/platform/${path}`), 401, 'DPF-AUTH-001');
      expectEnvelope(await api.get(`${DASH}/platform/${path}`, auth(admin.token)), 403, 'DPF-AUTH-007');
    }
    expectEnvelope(await api.get(`${DASH}/platform/overview?date=2024-13-01`, auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.get(`${DASH}/platform/services?startDate=2024-03-02&endDate=2024-03-01`, auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.get(`${DASH}/platform/tier-comparison?month=2024-3`, auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.get(`${DASH}/platform/anomalies?date=2024-02-30`, auth(root)), 400, 'DPF-TEN-105');
  });
});

describe('GET /cost-dashboard/tenant/{tenantId} and /monthly-history', () => {
  it('shows today, yesterday, month to date, projection, top resources and the 7-day trend', async () => {
    const { tenant, cluster } = await soloTenant('2025-02-28');
    await costOn(cluster, '2025-03-01', 50);
    await costOn(cluster, '2025-03-09', 100);
    await costOn(cluster, '2025-03-10', 200);
    const { admin, member, otherAdmin } = await sessions(tenant);
    const url = (q = 'date=2025-03-10', id = tenant.id) => `${DASH}/tenant/${id}?${q}`;
    const res = await api.get(url(), auth(admin.token));
    expect(res.status).toBe(200);
    // MTD 50 + 100 + 200 = 350 over 10 days: 35 a day, 35 x 31 = 1085 projected
    expect(res.body).toMatchObject({
      tenantId: tenant.id, tenantName: tenant.body.name, date: '2025-03-10', currency: 'USD', todayCost: 200, yesterdayCost: 100,
      monthToDate: 350, dailyAverage: 35, projectedMonthEnd: 1085, monthBreakdown: { compute: 350, storage: 0, network: 0, other: 0 },
    });
    // 1000 m all day: 24 core-hours on each of the 3 attributed days
    expect(res.body.topResources[0]).toEqual({ resource: 'CPU', usage: 72, unit: 'core-hours', cost: 350, percent: 100 });
    expect(res.body.trend.map((p: any) => p.cost)).toEqual([0, 0, 0, 0, 0, 100, 200]);
    expect(res.body.trend[0].date).toBe('2025-03-04');
    expect((await api.get(`${DASH}/tenant/${tenant.id}`, auth(root))).body.date).toBe(dayOffset(0));
    expectEnvelope(await api.get(url()), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(url(), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(url(), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(url('date=2025-03-10', randomUUID()), auth(root)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(url('date=10.03.2025'), auth(root)), 400, 'DPF-TEN-105');
  });

  it('gives one point per month ending with the current month', async () => {
    const month = (n: number) => { const d = new Date(); return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)).toISOString().slice(0, 10); };
    const { tenant, cluster } = await soloTenant(month(-3));
    await costOn(cluster, month(-2), 10);
    await costOn(cluster, month(-1), 20);
    await costOn(cluster, month(0), 40);
    const { admin, member, otherAdmin } = await sessions(tenant);
    const url = (q: string) => `${DASH}/tenant/${tenant.id}/monthly-history?${q}`;
    const res = await api.get(url('months=3'), auth(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { month: month(-2).slice(0, 7), totalCost: 10, breakdown: { compute: 10, storage: 0, network: 0, other: 0 }, activeDays: 1, changePercent: null },
      { month: month(-1).slice(0, 7), totalCost: 20, breakdown: { compute: 20, storage: 0, network: 0, other: 0 }, activeDays: 1, changePercent: 100 },
      { month: month(0).slice(0, 7), totalCost: 40, breakdown: { compute: 40, storage: 0, network: 0, other: 0 }, activeDays: 1, changePercent: 100 },
    ]);
    expect((await api.get(url(''), auth(admin.token))).body).toHaveLength(12);
    expectEnvelope(await api.get(url('months=0'), auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.get(url('months=61'), auth(root)), 400, 'DPF-TEN-105');
    expectEnvelope(await api.get(url('months=3')), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(url('months=3'), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(url('months=3'), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
  });
});

describe('feed mutations', () => {
  it('validate input, refuse non-admins and keep one placement per day', async () => {
    const t = await provisionTenant(api, root);
    const { admin } = await sessions(t);
    const { name } = await registerCluster(api, root, { cpuWeight: 2 });
    const gql = (q: string, v: Record<string, unknown>, token = root) => api.graphql(q, v, auth(token));
    const reg = 'mutation($input: CostClusterInput!) { registerCostCluster(input: $input) { name cpuWeight memoryWeight } }';
    expect((await gql(reg, { input: { name, region: 'eu-west-1', memoryWeight: 0.5 } })).body.data.registerCostCluster).toEqual({ name, cpuWeight: 2, memoryWeight: 0.5 });
    expect((await gql(reg, { input: { name: 'x', region: 'r' } }, admin.token)).body.errors[0].extensions.code).toBe('DPF-AUTH-007');
    expect((await gql(reg, { input: { name: 'bad name!', region: 'r' } })).body.errors[0].extensions.code).toBe('DPF-TEN-101');
    expect((await gql(reg, { input: { name: uniqueName(), region: 'r', cpuWeight: 0, memoryWeight: 0, storageWeight: 0, networkWeight: 0 } })).body.errors[0].extensions.code).toBe('DPF-TEN-101');
    const cost = 'mutation($input: ClusterCostInput!) { recordClusterDailyCost(input: $input) { totalCost } }';
    expect((await gql(cost, { input: { clusterName: name, date: '2024-01-01', computeCost: 1.5, otherCost: 2.25, source: 's' } })).body.data.recordClusterDailyCost.totalCost).toBe(3.75);
    expect((await gql(cost, { input: { clusterName: name, date: '2024-01-01', currency: 'EUR', source: 's' } })).body.errors[0].extensions.code).toBe('DPF-TEN-102');
    expect((await gql(cost, { input: { clusterName: name, date: 'soon', source: 's' } })).body.errors[0].extensions.code).toBe('DPF-TEN-102');
    expect((await gql(cost, { input: { clusterName: 'unknown-cluster', date: '2024-01-01', source: 's' } })).body.errors[0].extensions.code).toBe('DPF-TEN-100');
    const other = await registerCluster(api, root);
    expect(await placeTenant(api, root, t.id, name, '2024-01-01')).toMatchObject({ toDate: null });
    expect(await placeTenant(api, root, t.id, other.name, '2024-02-01')).toMatchObject({ clusterName: other.name, fromDate: '2024-02-01', toDate: null });
    const rows = await query(platform.databaseUrl, `SELECT to_char(from_date, 'YYYY-MM-DD') AS f, to_char(to_date, 'YYYY-MM-DD') AS t FROM tenant.cost_tenant_placements WHERE tenant_id = $1 ORDER BY from_date`, [t.id]);
    expect(rows).toEqual([{ f: '2024-01-01', t: '2024-02-01' }, { f: '2024-02-01', t: null }]);
    const place = 'mutation($input: TenantPlacementInput!) { placeTenantOnCluster(input: $input) { fromDate } }';
    expect((await gql(place, { input: { tenantId: t.id, clusterName: name, fromDate: '2024-01-15' } })).body.errors[0].extensions.code).toBe('DPF-TEN-106');
  });
});

const uniqueName = () => `c-${randomUUID().slice(0, 8)}`;
