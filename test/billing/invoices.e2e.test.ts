import { randomUUID } from 'node:crypto';
import { meterAll, previousPeriod, serviceTokenWith } from '../harness/billing-factories';
import { ApiClient, expectEnvelope } from '../harness/client';
import { userWithRoles, type Session } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, type ProvisionedTenant } from '../harness/tenant-factories';

/** Invoices and the tenant billing views (spec 2 "Billing service", "Tenant billing and settings"). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;
let metering: string;
let a: ProvisionedTenant;
let b: ProvisionedTenant;
let adminA: Session;
let memberA: Session;
let adminB: Session;
let invoiceA: any;
const PERIOD = previousPeriod();
const AT = `${PERIOD}-20T08:30:00Z`;

const GENERATE = 'mutation($p: String!, $t: ID) { generateInvoices(period: $p, tenantId: $t) { period created replaced skipped invoices { id tenantId status totalMinor } } }';
const generate = (period: string, tenantId?: string, token = root) => api.graphql(GENERATE, { p: period, t: tenantId ?? null }, { token });

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
  [metering, a, b] = await Promise.all([serviceTokenWith(api, root, ['metering:write']), provisionTenant(api, root), provisionTenant(api, root, { plan: 'PROFESSIONAL' })]);
  [adminA, memberA, adminB] = await Promise.all([userWithRoles(api, root, a.id, ['ADMIN']), userWithRoles(api, root, a.id), userWithRoles(api, root, b.id, ['ADMIN'])]);
  // Tenant A (STARTER) in the previous month; the same usage as the unit test in pricing.test.ts.
  await meterAll(api, metering, [
    { tenantId: a.id, meter: 'api_calls', quantity: 1000000, timestamp: AT },
    { tenantId: a.id, meter: 'api_calls', quantity: 250000, timestamp: AT },
    { tenantId: a.id, meter: 'storage_gb_hours', quantity: '7300.5', timestamp: AT },
    { tenantId: a.id, meter: 'compute_core_hours', quantity: '112.25', timestamp: AT },
    { tenantId: a.id, meter: 'ingested_events', quantity: 10006250, timestamp: AT },
    { tenantId: a.id, meter: 'query_bytes_scanned', quantity: '2500000000000', timestamp: AT },
    { tenantId: b.id, meter: 'api_calls', quantity: 5, timestamp: AT },
  ]);
});
afterAll(() => platform?.stop());

const auth = (token: string) => ({ token });

describe('generateInvoices (GraphQL, Platform admin)', () => {
  it('writes a DRAFT per tenant from the period\'s usage and plan, totals checked by hand', async () => {
    const res = await generate(PERIOD);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.generateInvoices).toMatchObject({ period: PERIOD, created: 2, replaced: 0, skipped: 0 });
    const invoices = res.body.data.generateInvoices.invoices;
    // B is PROFESSIONAL with 5 API calls (10,000,000 included): the base fee only, 49900.
    expect(invoices.find((i: any) => i.tenantId === b.id)).toMatchObject({ status: 'DRAFT', totalMinor: 49900 });
    const draft = invoices.find((i: any) => i.tenantId === a.id);
    const full = await api.get(`/api/v1/billing/invoices/${draft.id}`, auth(adminA.token));
    expect(full.status).toBe(200);
    invoiceA = full.body;
    expect(invoiceA).toMatchObject({ tenantId: a.id, period: PERIOD, planId: 'STARTER', currency: 'USD', status: 'DRAFT', finalizedAt: null });
    expect(invoiceA.lineItems.map((l: any) => [l.meter, l.quantity, l.included, l.billable, l.unitPriceMinor, l.amountMinor])).toEqual([
      [null, '1', '0', '1', '4900', 4900], //                                         base fee
      ['api_calls', '1250000', '1000000', '250000', '0.008', 2000], //                  250,000 x 0.008 = 2000
      ['compute_core_hours', '112.25', '100', '12.25', '4', 49], //                    12.25 x 4 = 49
      ['ingested_events', '10006250', '10000000', '6250', '0.00008', 1], //            6,250 x 0.00008 = 0.5 -> 1 (half up)
      ['query_bytes_scanned', '2500000000000', '1000000000000', '1500000000000', '0.0000000004', 600], // 1.5e12 x 4e-10 = 600
      ['storage_gb_hours', '7300.5', '7200', '100.5', '0.015', 2], //                  100.5 x 0.015 = 1.5075 -> 2
    ]);
    // 4900 + 2000 + 49 + 1 + 600 + 2 = 7552; tax 0
    expect(invoiceA).toMatchObject({ subtotalMinor: 7552, taxMinor: 0, totalMinor: 7552 });
  });

  it('regenerating replaces a DRAFT (same id, new totals)', async () => {
    await meterAll(api, metering, [{ tenantId: a.id, meter: 'api_calls', quantity: 1000, timestamp: AT }]);
    const res = await generate(PERIOD, a.id);
    expect(res.body.data.generateInvoices).toMatchObject({ created: 0, replaced: 1, skipped: 0 });
    // api_calls billable 251,000 x 0.008 = 2008: 7552 + 8 = 7560
    expect(res.body.data.generateInvoices.invoices).toEqual([{ id: invoiceA.id, tenantId: a.id, status: 'DRAFT', totalMinor: 7560 }]);
  });

  it('is for platform administrators; refuses a bad or future period', async () => {
    expect((await generate(PERIOD, a.id, adminA.token)).body.errors[0].extensions.code).toBe('DPF-AUTH-007');
    expect((await generate('2026-13')).body.errors[0].extensions.code).toBe('DPF-BIL-009');
    expect((await generate('2999-01')).body.errors[0].extensions.code).toBe('DPF-BIL-009');
  });
});

describe('GET /api/v1/billing/invoices and /invoices/{id}', () => {
  it('lists invoices with filters (Platform admin)', async () => {
    const res = await api.get(`/api/v1/billing/invoices?tenantId=${a.id}&period=${PERIOD}`, auth(root));
    expect(res.status).toBe(200);
    expect(res.body.data.map((i: any) => i.id)).toEqual([invoiceA.id]);
    expect(res.body.pagination).toMatchObject({ total: 1, page: 0 });
    const drafts = await api.get('/api/v1/billing/invoices?status=DRAFT&size=100', auth(root));
    expect(drafts.body.data.map((i: any) => i.tenantId)).toEqual(expect.arrayContaining([a.id, b.id]));
    expectEnvelope(await api.get('/api/v1/billing/invoices'), 401);
    expectEnvelope(await api.get('/api/v1/billing/invoices', auth(adminA.token)), 403);
    expectEnvelope(await api.get('/api/v1/billing/invoices?status=PAID', auth(root)), 400, 'DPF-BIL-012');
    expectEnvelope(await api.get('/api/v1/billing/invoices?period=2026', auth(root)), 400, 'DPF-BIL-009');
  });

  it('one invoice: its tenant\'s Admin or a platform admin; others 404', async () => {
    const path = `/api/v1/billing/invoices/${invoiceA.id}`;
    expect((await api.get(path, auth(root))).body.totalMinor).toBe(7560);
    expectEnvelope(await api.get(path), 401);
    expectEnvelope(await api.get(path, auth(memberA.token)), 403);
    expectEnvelope(await api.get(path, auth(adminB.token)), 404, 'DPF-BIL-003');
    expectEnvelope(await api.get(`/api/v1/billing/invoices/${randomUUID()}`, auth(root)), 404, 'DPF-BIL-003');
    expectEnvelope(await api.get('/api/v1/billing/invoices/not-an-id', auth(root)), 404, 'DPF-BIL-003');
  });
});

describe('POST /api/v1/billing/invoices/{id}/finalize (Platform admin)', () => {
  it('finalizes a DRAFT once; a second finalize is 409; a finalized invoice is never regenerated', async () => {
    const path = `/api/v1/billing/invoices/${invoiceA.id}/finalize`;
    expectEnvelope(await api.post(path), 401);
    expectEnvelope(await api.post(path, undefined, auth(adminA.token)), 403);
    expectEnvelope(await api.post(`/api/v1/billing/invoices/${randomUUID()}/finalize`, undefined, auth(root)), 404, 'DPF-BIL-003');
    const done = await api.post(path, undefined, auth(root));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: invoiceA.id, status: 'FINALIZED', totalMinor: 7560, finalizedAt: expect.any(String) });
    expectEnvelope(await api.post(path, undefined, auth(root)), 409, 'DPF-BIL-004');

    await meterAll(api, metering, [{ tenantId: a.id, meter: 'compute_core_hours', quantity: 1000, timestamp: AT }]);
    const again = await generate(PERIOD, a.id);
    expect(again.body.data.generateInvoices).toMatchObject({ created: 0, replaced: 0, skipped: 1, invoices: [] });
    const after = await api.get(`/api/v1/billing/invoices/${invoiceA.id}`, auth(root));
    expect(after.body).toMatchObject({ status: 'FINALIZED', totalMinor: 7560 });
    expect(after.body.lineItems).toEqual(done.body.lineItems);
  });
});

describe('tenant billing views (GET /api/v1/tenants/{id}/billing...)', () => {
  it('GET /tenants/{id}/billing: plan, current period, running total, budget status', async () => {
    const res = await api.get(`/api/v1/tenants/${b.id}/billing`, auth(adminB.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tenantId: b.id, plan: { id: 'PROFESSIONAL', monthlyFeeMinor: 49900 }, currency: 'USD', runningTotalMinor: 49900, budgetStatus: 'NO_BUDGET', budget: null });
    expect(res.body.period).toMatch(/^\d{4}-\d{2}$/);
    expect(res.body.period).not.toBe(PERIOD);
    expectEnvelope(await api.get(`/api/v1/tenants/${b.id}/billing`), 401);
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing`, auth(memberA.token)), 403);
    expectEnvelope(await api.get(`/api/v1/tenants/${b.id}/billing`, auth(adminA.token)), 404, 'DPF-BIL-001');
    expectEnvelope(await api.get(`/api/v1/tenants/${randomUUID()}/billing`, auth(root)), 404, 'DPF-BIL-001');
  });

  it('the federated Tenant entity carries `billing`, resolved by the billing subgraph', async () => {
    const q = 'query($id: ID!) { tenant(id: $id) { id plan billing { tenantId runningTotalMinor budgetStatus plan { id monthlyFeeMinor } } } }';
    const res = await api.graphql(q, { id: b.id }, auth(adminB.token));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.tenant).toEqual({ id: b.id, plan: 'PROFESSIONAL', billing: { tenantId: b.id, runningTotalMinor: 49900, budgetStatus: 'NO_BUDGET', plan: { id: 'PROFESSIONAL', monthlyFeeMinor: 49900 } } });
  });

  it('GET /tenants/{id}/billing/usage', async () => {
    const res = await api.get(`/api/v1/tenants/${a.id}/billing/usage?period=${PERIOD}`, auth(adminA.token));
    expect(res.status).toBe(200);
    expect(res.body.meters.find((m: any) => m.meter === 'api_calls')).toMatchObject({ quantity: '1251000', eventCount: 3 });
    // 7560 + compute (1112.25 - 100) x 4 = 4049 -> 4900 + 2008 + 4049 + 1 + 600 + 2 = 11560
    expect(res.body.estimatedTotalMinor).toBe(11560);
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/usage`), 401);
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/usage`, auth(memberA.token)), 403);
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/usage`, auth(adminB.token)), 404, 'DPF-BIL-001');
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/usage?period=2026-00`, auth(adminA.token)), 400, 'DPF-BIL-009');
  });

  it('GET /tenants/{id}/billing/invoices and /invoices/{invoiceId}: the tenant\'s own only', async () => {
    const list = await api.get(`/api/v1/tenants/${a.id}/billing/invoices`, auth(adminA.token));
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: any) => [i.id, i.status])).toEqual([[invoiceA.id, 'FINALIZED']]);
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/invoices`), 401);
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/invoices`, auth(memberA.token)), 403);
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/invoices`, auth(adminB.token)), 404, 'DPF-BIL-001');
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/invoices?status=OPEN`, auth(adminA.token)), 400, 'DPF-BIL-012');

    const one = await api.get(`/api/v1/tenants/${a.id}/billing/invoices/${invoiceA.id}`, auth(adminA.token));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: invoiceA.id, totalMinor: 7560 });
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/invoices/${invoiceA.id}`), 401);
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/invoices/${invoiceA.id}`, auth(memberA.token)), 403);
    // A's invoice asked for under tenant B, even by a platform admin: 404.
    expectEnvelope(await api.get(`/api/v1/tenants/${b.id}/billing/invoices/${invoiceA.id}`, auth(root)), 404, 'DPF-BIL-003');
    expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/billing/invoices/${randomUUID()}`, auth(adminA.token)), 404, 'DPF-BIL-003');
  });
});
