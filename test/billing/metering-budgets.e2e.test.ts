import { randomUUID } from 'node:crypto';
import { meter, meterAll, previousPeriod, serviceTokenWith } from '../harness/billing-factories';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { createUser } from '../harness/factories';
import { createRole, loginAs, permissionIds, userWithRoles, type Session } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, type ProvisionedTenant } from '../harness/tenant-factories';

/** Billing: plans, metering, usage, budgets and alerts (spec 2 "Billing service", docs/billing-service.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;
let metering: string;
let noScope: string;
let a: ProvisionedTenant;
let b: ProvisionedTenant;
let adminA: Session;
let memberA: Session;
let adminB: Session;
const PERIOD = previousPeriod();
const AT = `${PERIOD}-15T10:00:00Z`;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
  [metering, noScope, a, b] = await Promise.all([serviceTokenWith(api, root, ['metering:write']), serviceTokenWith(api, root, ['users:read']), provisionTenant(api, root), provisionTenant(api, root)]);
  [adminA, memberA, adminB] = await Promise.all([userWithRoles(api, root, a.id, ['ADMIN']), userWithRoles(api, root, a.id), userWithRoles(api, root, b.id, ['ADMIN'])]);
});
afterAll(() => platform?.stop());

const auth = (token: string) => ({ token });

describe('GET /api/v1/billing/plans (public)', () => {
  it('lists the seeded plans without a token, cheapest first', async () => {
    const res = await api.get('/api/v1/billing/plans');
    expect(res.status).toBe(200);
    expect(res.body.map((p: any) => p.id)).toEqual(['FREE', 'STARTER', 'PROFESSIONAL', 'ENTERPRISE']);
    const starter = res.body[1];
    expect(starter).toMatchObject({ currency: 'USD', monthlyFeeMinor: 4900 });
    expect(starter.meters.find((m: any) => m.meter === 'api_calls')).toEqual({ meter: 'api_calls', unit: 'calls', includedQuantity: '1000000', unitPriceMinor: '0.008' });
  });

  it('reads one plan (case-insensitive id); 404 for an unknown one', async () => {
    const res = await api.get('/api/v1/billing/plans/enterprise');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'ENTERPRISE', monthlyFeeMinor: 199900 });
    expectEnvelope(await api.get('/api/v1/billing/plans/GOLD'), 404, 'DPF-BIL-002');
  });
});

describe('POST /api/v1/billing/metering/events (service token, metering:write)', () => {
  it('accepts an event (202) and ignores a duplicate eventId, answering the original acceptance', async () => {
    const eventId = `evt-${randomUUID()}`;
    const event = { eventId, tenantId: a.id, meter: 'api_calls', quantity: 1500, timestamp: AT, dimensions: { region: 'eu-west-1' } };
    const first = await meter(api, metering, event);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ eventId, tenantId: a.id, meter: 'api_calls', quantity: '1500', period: PERIOD, status: 'ACCEPTED', duplicate: false, dimensions: { region: 'eu-west-1' } });
    const again = await meter(api, metering, { ...event, quantity: 99999 });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ ...first.body, duplicate: true });
    const rows = await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM billing.metering_events WHERE tenant_id = $1 AND event_id = $2', [a.id, eventId]);
    expect(rows[0].n).toBe(1);
    const usage = await api.get(`/api/v1/billing/usage/tenants/${a.id}?period=${PERIOD}`, auth(adminA.token));
    expect(usage.body.meters.find((m: any) => m.meter === 'api_calls')).toMatchObject({ quantity: '1500', eventCount: 1 });
  });

  it('counts the same eventId once even when sent concurrently', async () => {
    const event = { eventId: `evt-${randomUUID()}`, tenantId: b.id, meter: 'compute_core_hours', quantity: '2.5', timestamp: AT };
    const all = await Promise.all(Array.from({ length: 5 }, () => meter(api, metering, event)));
    expect(all.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    expect(all.filter((r) => !r.body.duplicate)).toHaveLength(1);
    const agg = await query(platform.databaseUrl, 'SELECT quantity::text AS q, event_count AS n FROM billing.usage_aggregates WHERE tenant_id = $1 AND period = $2 AND meter = $3', [b.id, PERIOD, 'compute_core_hours']);
    expect(agg).toEqual([{ q: '2.500000', n: 1 }]);
  });

  it('takes service tokens only: 401 without a token or with a user token, 403 without the scope', async () => {
    const event = { tenantId: a.id, meter: 'api_calls', quantity: 1 };
    expectEnvelope(await meter(api, undefined, event), 401);
    expectEnvelope(await meter(api, root, event), 401, 'DPF-IAM-075');
    expectEnvelope(await meter(api, noScope, event), 403, 'DPF-AUTH-007');
    // Through the graph a user's token is refused by the field itself, whatever its roles.
    const gql = await api.graphql('mutation($i: MeteringEventInput!) { recordMeteringEvent(input: $i) { eventId } }', { i: { eventId: 'x', source: 'e2e', ...event } }, auth(root));
    expect(gql.body.errors[0].extensions.code).toBe('DPF-AUTH-007');
  });

  it.each([
    [{ meter: 'gpu_hours' }, 'DPF-BIL-007'],
    [{ quantity: -5 }, 'DPF-BIL-008'],
    [{ quantity: '1.0000001' }, 'DPF-BIL-008'],
    [{ timestamp: 'last tuesday' }, 'DPF-BIL-010'],
    [{ timestamp: '2999-01-01T00:00:00Z' }, 'DPF-BIL-010'],
    [{ tenantId: 'not-a-uuid' }, 'DPF-BIL-010'],
    [{ dimensions: { deep: { x: 1 } } }, 'DPF-BIL-010'],
    [{ meter: undefined }, 'DPF-API-001'],
    [{ quantity: { amount: 1 } }, 'DPF-BIL-008'],
  ])('refuses a bad event %j with 400 %s', async (patch, code) => {
    expectEnvelope(await meter(api, metering, { tenantId: a.id, meter: 'api_calls', quantity: 1, ...patch }), 400, code);
  });

  it('404 for a tenant the tenant service does not know', async () => {
    expectEnvelope(await meter(api, metering, { tenantId: randomUUID(), meter: 'api_calls', quantity: 1 }), 404, 'DPF-BIL-001');
  });
});

describe('usage', () => {
  it('GET /billing/usage/tenants/{id} and /breakdown: per meter, priced as the invoice (Admin)', async () => {
    const t = await provisionTenant(api, root);
    const admin = await userWithRoles(api, root, t.id, ['ADMIN']);
    await meterAll(api, metering, [
      { tenantId: t.id, meter: 'compute_core_hours', quantity: '60', timestamp: AT },
      { tenantId: t.id, meter: 'compute_core_hours', quantity: '52.25', timestamp: AT },
      { tenantId: t.id, meter: 'storage_gb_hours', quantity: '7300.5', timestamp: AT },
    ]);
    const usage = await api.get(`/api/v1/billing/usage/tenants/${t.id}?period=${PERIOD}`, auth(admin.token));
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ tenantId: t.id, period: PERIOD, planId: 'STARTER', currency: 'USD' });
    expect(usage.body.meters.find((m: any) => m.meter === 'compute_core_hours')).toEqual({ meter: 'compute_core_hours', unit: 'core-hours', quantity: '112.25', includedQuantity: '100', eventCount: 2 });
    // 4900 base + compute (112.25 - 100) x 4 = 49 + storage (7300.5 - 7200) x 0.015 = 1.5075 -> 2 = 4951
    expect(usage.body.estimatedTotalMinor).toBe(4951);
    const breakdown = await api.get(`/api/v1/billing/usage/tenants/${t.id}/breakdown?period=${PERIOD}`, auth(admin.token));
    expect(breakdown.status).toBe(200);
    expect(breakdown.body.lineItems.map((l: any) => [l.kind, l.meter, l.billable, l.amountMinor])).toEqual([
      ['BASE_FEE', null, '1', 4900],
      ['USAGE', 'api_calls', '0', 0],
      ['USAGE', 'compute_core_hours', '12.25', 49],
      ['USAGE', 'ingested_events', '0', 0],
      ['USAGE', 'query_bytes_scanned', '0', 0],
      ['USAGE', 'storage_gb_hours', '100.5', 2],
    ]);
    expect(breakdown.body).toMatchObject({ subtotalMinor: 4951, taxMinor: 0, totalMinor: 4951 });
  });

  it('tenant usage: 401, 403 for a USER, 404 for another tenant or an unknown one, 400 for a bad period', async () => {
    const path = `/api/v1/billing/usage/tenants/${a.id}`;
    expectEnvelope(await api.get(path), 401);
    expectEnvelope(await api.get(`${path}/breakdown`), 401);
    expectEnvelope(await api.get(path, auth(memberA.token)), 403);
    expectEnvelope(await api.get(`${path}/breakdown`, auth(memberA.token)), 403);
    expectEnvelope(await api.get(path, auth(adminB.token)), 404, 'DPF-BIL-001');
    expectEnvelope(await api.get(`${path}/breakdown`, auth(adminB.token)), 404, 'DPF-BIL-001');
    expectEnvelope(await api.get(`/api/v1/billing/usage/tenants/${randomUUID()}`, auth(root)), 404, 'DPF-BIL-001');
    expectEnvelope(await api.get(`${path}?period=2026-13`, auth(adminA.token)), 400, 'DPF-BIL-009');
    expectEnvelope(await api.get(`${path}/breakdown?period=nov`, auth(adminA.token)), 400, 'DPF-BIL-009');
  });

  it('GET /billing/usage: every tenant (Platform admin only)', async () => {
    const res = await api.get(`/api/v1/billing/usage?period=${PERIOD}`, auth(root));
    expect(res.status).toBe(200);
    expect(res.body.tenants.map((t: any) => t.tenantId)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(res.body.tenantCount).toBeGreaterThanOrEqual(2);
    expectEnvelope(await api.get('/api/v1/billing/usage'), 401);
    expectEnvelope(await api.get('/api/v1/billing/usage', auth(adminA.token)), 403);
    expectEnvelope(await api.get('/api/v1/billing/usage?period=2026-1', auth(root)), 400, 'DPF-BIL-009');
  });

  it('GET /billing/metering/summary: the acting tenant\'s meters (Admin)', async () => {
    const res = await api.get(`/api/v1/billing/metering/summary?period=${PERIOD}`, auth(adminB.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tenantId: b.id, period: PERIOD, totalEvents: 1 });
    expect(res.body.meters).toEqual([expect.objectContaining({ meter: 'compute_core_hours', quantity: '2.5', eventCount: 1, firstEventAt: expect.any(String) })]);
    // A platform admin acts in a tenant with X-Tenant-ID.
    const asRoot = await api.get(`/api/v1/billing/metering/summary?period=${PERIOD}`, { token: root, headers: { 'x-tenant-id': b.id } });
    expect(asRoot.body.totalEvents).toBe(1);
    expectEnvelope(await api.get('/api/v1/billing/metering/summary'), 401);
    expectEnvelope(await api.get('/api/v1/billing/metering/summary', auth(memberA.token)), 403);
    expectEnvelope(await api.get('/api/v1/billing/metering/summary?period=x', auth(adminA.token)), 400, 'DPF-BIL-009');
  });
});

describe('budgets and alerts', () => {
  it('GET/PUT /billing/budgets/{tenantId}: 404 before set, then the budget with the current spend', async () => {
    const t = await provisionTenant(api, root);
    const admin = await userWithRoles(api, root, t.id, ['ADMIN']);
    const path = `/api/v1/billing/budgets/${t.id}`;
    expectEnvelope(await api.get(path, auth(admin.token)), 404, 'DPF-BIL-005');
    const put = await api.request('PUT', path, { token: admin.token, body: { amountMinor: 20000, thresholds: [90, 25] } });
    expect(put.status).toBe(200);
    // Nothing metered yet: the STARTER base fee 4900 of 20000 = 24.5 % -> OK
    expect(put.body).toMatchObject({ tenantId: t.id, amountMinor: 20000, currency: 'USD', thresholds: [25, 90], currentSpendMinor: 4900, percentUsed: 24.5, status: 'OK' });
    const get = await api.get(path, auth(admin.token));
    expect(get.body).toMatchObject({ amountMinor: 20000, thresholds: [25, 90] });
  });

  it('budgets: 401, 403 for a USER, 404 for another tenant, 400 for a bad budget', async () => {
    const path = `/api/v1/billing/budgets/${a.id}`;
    const put = (token: string | undefined, body: unknown) => api.request('PUT', path, { ...(token ? { token } : {}), body });
    expectEnvelope(await api.get(path), 401);
    expectEnvelope(await put(undefined, { amountMinor: 100 }), 401);
    expectEnvelope(await api.get(path, auth(memberA.token)), 403);
    expectEnvelope(await put(memberA.token, { amountMinor: 100 }), 403);
    expectEnvelope(await api.get(path, auth(adminB.token)), 404, 'DPF-BIL-001');
    expectEnvelope(await put(adminB.token, { amountMinor: 100 }), 404, 'DPF-BIL-001');
    expectEnvelope(await put(adminA.token, { amountMinor: 0 }), 400, 'DPF-BIL-006');
    expectEnvelope(await put(adminA.token, { amountMinor: 100, thresholds: [50, 50] }), 400, 'DPF-BIL-006');
    expectEnvelope(await put(adminA.token, { amountMinor: 100, currency: 'EUR' }), 400, 'DPF-BIL-006');
    expectEnvelope(await put(adminA.token, { amountMinor: 'lots' }), 400, 'DPF-API-001');
  });

  it('raises one alert per threshold and period when metering crosses it, with an e-mail in the outbox', async () => {
    const t = await provisionTenant(api, root);
    const admin = await userWithRoles(api, root, t.id, ['ADMIN']);
    const other = await provisionTenant(api, root);
    const otherAdmin = await userWithRoles(api, root, other.id, ['ADMIN']);
    expect((await api.request('PUT', `/api/v1/billing/budgets/${t.id}`, { token: admin.token, body: { amountMinor: 10000, thresholds: [50, 80, 100] } })).status).toBe(200);
    const compute = (quantity: string) => meterAll(api, metering, [{ tenantId: t.id, meter: 'compute_core_hours', quantity }]);
    await compute('101'); //  4900 + (101 - 100) x 4 = 4904: 49.04 % -> no alert
    expect((await api.get('/api/v1/billing/alerts', auth(admin.token))).body.data).toEqual([]);
    await compute('24'); //   125 h: 4900 + 25 x 4 = 5000: 50 % -> alert 50
    await compute('1'); //    126 h: 5004, 50 % already raised -> nothing new
    await compute('750'); //  876 h: 4900 + 776 x 4 = 8004: 80.04 % -> alert 80
    const alerts = await api.get('/api/v1/billing/alerts', auth(admin.token));
    expect(alerts.status).toBe(200);
    expect(alerts.body.pagination).toMatchObject({ total: 2 });
    expect(alerts.body.data.map((x: any) => [x.threshold, x.spendMinor, x.budgetMinor])).toEqual([[80, 8004], [50, 5000]].map(([th, s]) => [th, s, 10000]));
    expect(alerts.body.data[0].message).toContain('80.04 USD of 100.00 USD');
    const outbox = await query(platform.databaseUrl, "SELECT channel, template, payload FROM platform.notification_outbox WHERE tenant_id = $1 AND template = 'billing.budget-threshold' ORDER BY id", [t.id]);
    expect(outbox.map((o) => [o.channel, o.payload.threshold])).toEqual([['EMAIL', 50], ['EMAIL', 80]]);
    const recipients = await query(platform.databaseUrl, "SELECT DISTINCT recipient FROM platform.notification_outbox WHERE tenant_id = $1 AND template = 'billing.budget-threshold'", [t.id]);
    expect(recipients).toEqual([{ recipient: t.adminEmail }]);
    const budget = await api.get(`/api/v1/billing/budgets/${t.id}`, auth(admin.token));
    expect(budget.body).toMatchObject({ currentSpendMinor: 8004, percentUsed: 80.04, status: 'WARNING' });
    // Tenant isolation: another tenant's admin sees none of these alerts.
    expect((await api.get('/api/v1/billing/alerts', auth(otherAdmin.token))).body.data).toEqual([]);
  });

  it('GET /billing/alerts: 401, 403 for a USER, 400 for a bad period or page size', async () => {
    expectEnvelope(await api.get('/api/v1/billing/alerts'), 401);
    expectEnvelope(await api.get('/api/v1/billing/alerts', auth(memberA.token)), 403);
    expectEnvelope(await api.get('/api/v1/billing/alerts?period=13-2026', auth(adminA.token)), 400, 'DPF-BIL-009');
    expectEnvelope(await api.get('/api/v1/billing/alerts?size=1000', auth(adminA.token)), 400);
  });
});

describe('a custom role with billing:read and tenants:read (issue 12)', () => {
  let roleId: number;
  let reader: Session;
  beforeAll(async () => {
    // Every permission a domain checks is seeded, so an administrator can put it on a role.
    const ids = await permissionIds(api, adminA.token, ['billing:read', 'tenants:read']);
    roleId = await createRole(api, adminA.token, a.id, { permissionIds: ids });
    reader = await loginAs(api, await createUser(api, adminA.token, { tenantId: a.id, roleIds: [roleId] }));
  });

  it('is granted: the role lists both, and they are in the catalogue with the other domains\' permissions', async () => {
    const role = await api.get(`/api/v1/roles/${roleId}`, auth(adminA.token));
    expect(role.body.permissions.map((p: any) => p.name).sort()).toEqual(['billing:read', 'tenants:read']);
    const catalogue = (await api.get('/api/v1/permissions', auth(adminA.token))).body.map((p: any) => p.name);
    expect(catalogue).toEqual(expect.arrayContaining(['billing:read', 'billing:write', 'metering:write', 'tenants:read', 'alerts:read', 'feature-flags:read', 'notifications:send', 'audit:read']));
    const me = await api.get('/api/v1/users/me', auth(reader.token));
    expect(me.body.roles).toEqual([role.body.name]);
  });

  it('works: its holder, with no other role, reads its tenant\'s billing and the tenant', async () => {
    const usage = await api.get(`/api/v1/billing/usage/tenants/${a.id}?period=${PERIOD}`, auth(reader.token));
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ tenantId: a.id, period: PERIOD });
    expect((await api.get(`/api/v1/billing/metering/summary?period=${PERIOD}`, auth(reader.token))).status).toBe(200);
    expect((await api.get(`/api/v1/tenants/${a.id}/billing`, auth(reader.token))).status).toBe(200);
    const tenant = await api.get(`/api/v1/tenants/${a.id}`, auth(reader.token));
    expect(tenant.status).toBe(200);
    expect(tenant.body.id).toBe(a.id);
  });

  it('gives nothing more: no writes, no other tenant, no platform-only reads, no user administration', async () => {
    expectEnvelope(await api.request('PUT', `/api/v1/billing/budgets/${a.id}`, { token: reader.token, body: { amountMinor: 100 } }), 403);
    expectEnvelope(await api.get(`/api/v1/billing/usage/tenants/${b.id}`, auth(reader.token)), 404, 'DPF-BIL-001');
    expectEnvelope(await api.get('/api/v1/billing/usage', auth(reader.token)), 403);
    expectEnvelope(await api.get('/api/v1/users', auth(reader.token)), 403);
    // a plain USER still gets nothing
    expectEnvelope(await api.get(`/api/v1/billing/usage/tenants/${a.id}`, auth(memberA.token)), 403);
  });

  it('follows the role: taking billing:read away takes effect on the next request', async () => {
    const [billingRead] = await permissionIds(api, adminA.token, ['billing:read']);
    const removed = await api.request('DELETE', `/api/v1/roles/${roleId}/permissions`, { token: adminA.token, headers: { 'x-tenant-id': a.id }, body: [billingRead] });
    expect(removed.status).toBe(204);
    // identity NOTIFYs on commit; the edge drops what it cached (allow the notification a moment)
    let status = 0;
    for (let i = 0; i < 20 && status !== 403; i++) {
      status = (await api.get(`/api/v1/billing/usage/tenants/${a.id}?period=${PERIOD}`, auth(reader.token))).status;
      if (status !== 403) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(403);
    expect((await api.get(`/api/v1/tenants/${a.id}`, auth(reader.token))).status).toBe(200);
  });
});
