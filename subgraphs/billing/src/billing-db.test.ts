import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createPrismaClient, runMigrations, testDatabase, type PrismaClient } from '@dataplat/db';
import { loadConfig, type Principal } from '@dataplat/kit';
import type { TenantDirectory } from './accounts/tenant-directory';
import { createCore, type BillingCore } from './core';
import { MeteringRepository } from './metering/metering.repository';
import { MeteringService } from './metering/metering.service';

/**
 * Against a real PostgreSQL (embedded, or a fresh database on TEST_DATABASE_SERVER_URL):
 * metering idempotency (the unique (tenant_id, event_id) key and ON CONFLICT DO NOTHING, also
 * under concurrency), one budget alert per threshold and period, and the scheduled drafts.
 */
jest.setTimeout(120_000);

let dir: string;
let database: Awaited<ReturnType<typeof testDatabase>> | undefined;
let db: PrismaClient;
let service: MeteringService;
let core: BillingCore;
const service_: Principal = { kind: 'service_token', subject: 'pipeline', tenantId: null, homeTenantId: null, roles: [], scopes: ['metering:write'] };
/** The tenant service stands in as a directory of STARTER tenants (billing reads it through the graph in the platform). */
const directory: TenantDirectory = { find: async (id) => ({ id, plan: 'STARTER', adminEmail: `admin-${id}@unit.test`, status: 'ACTIVE' }) };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dataplat-billing-'));
  database = await testDatabase('bil', dir);
  await runMigrations(database.url);
  db = createPrismaClient(database.url);
  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
  core = createCore({ db, config, tenants: directory });
  service = new MeteringService(new MeteringRepository(db), core.accounts, core.plans, core.monitor);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const quantityOf = async (tenantId: string, meter: string) =>
  (await db.usageAggregate.findMany({ where: { tenantId, meter } })).map((r) => [r.quantity.toFixed(2), r.eventCount]);

describe('metering idempotency', () => {
  it('counts an eventId once per tenant and answers a duplicate with the original acceptance', async () => {
    const tenantId = randomUUID();
    const first = await service.record(service_, { eventId: 'e-1', tenantId, meter: 'api_calls', quantity: '10', source: 'gw' });
    const second = await service.record(service_, { eventId: 'e-1', tenantId, meter: 'api_calls', quantity: '500', source: 'other' });
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ ...first, duplicate: true });
    expect(await quantityOf(tenantId, 'api_calls')).toEqual([['10.00', 1]]);
    // The key is per tenant: the same eventId in another tenant is another event.
    const other = randomUUID();
    expect((await service.record(service_, { eventId: 'e-1', tenantId: other, meter: 'api_calls', quantity: '1', source: 'gw' })).duplicate).toBe(false);
  });

  it('counts one of many concurrent deliveries of the same event', async () => {
    const tenantId = randomUUID();
    const event = { eventId: 'retry-storm', tenantId, meter: 'compute_core_hours', quantity: 1.5, source: 'gw' };
    const results = await Promise.all(Array.from({ length: 8 }, () => service.record(service_, event)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.acceptedAt.toISOString())).size).toBe(1);
    expect(await quantityOf(tenantId, 'compute_core_hours')).toEqual([['1.50', 1]]);
  });

  it('raises a budget alert once per threshold and period, even when concurrent events cross it', async () => {
    const tenantId = randomUUID();
    await db.billingBudget.create({ data: { tenantId, amountMinor: 10_000n, currency: 'USD', thresholds: [50, 100] } });
    // STARTER: 4900 base fee; compute 100 h included then 4 cents. 100 h + nine events of 3 h
    // = 127 h -> 4900 + 27 x 4 = 5008 (50.08 %): 50 % is crossed (at 125 h = 5000), 100 % is not.
    await Promise.all(Array.from({ length: 10 }, (_, i) => service.record(service_, { eventId: `c-${i}`, tenantId, meter: 'compute_core_hours', quantity: i === 0 ? '100' : '3', source: 'gw' })));
    const alerts = await db.billingAlert.findMany({ where: { tenantId } });
    expect(alerts.map((a) => [a.threshold, a.budgetMinor])).toEqual([[50, 10_000n]]);
    const outbox = await db.notificationOutbox.findMany({ where: { tenantId, template: 'billing.budget-threshold' } });
    expect(outbox.map((o) => o.recipient)).toEqual([`admin-${tenantId}@unit.test`]);
  });

  it('refuses anything but a service token', async () => {
    const user: Principal = { ...service_, kind: 'access_token', roles: ['PLATFORM_ADMIN'] };
    await expect(service.record(user, { eventId: 'x', tenantId: randomUUID(), meter: 'api_calls', quantity: '1', source: 'gw' })).rejects.toMatchObject({ code: 'DPF-AUTH-007' });
  });
});

describe('scheduled invoice drafts (draftClosedMonth)', () => {
  it('drafts the last closed month for accounts without an invoice, and never touches existing ones', async () => {
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
    const period = last.toISOString().slice(0, 7);
    const [t1, t2] = [randomUUID(), randomUUID()];
    for (const tenantId of [t1, t2]) {
      await service.record(service_, { eventId: 'late', tenantId, meter: 'compute_core_hours', quantity: '110', timestamp: last.toISOString(), source: 'gw' });
    }
    const first = await core.invoices.draftClosedMonth(now);
    // Accounts of the tests above only have usage in the current month: not customers yet then.
    expect(first).toEqual({ period, created: 2 });
    const invoices = await db.invoice.findMany({ where: { tenantId: { in: [t1, t2] } }, orderBy: { tenantId: 'asc' } });
    // 4900 + (110 - 100) x 4 = 4940 each
    expect(invoices.map((i) => [i.period, i.status, i.totalMinor])).toEqual([[period, 'DRAFT', 4940n], [period, 'DRAFT', 4940n]]);
    const admin: Principal = { kind: 'access_token', subject: 'root', tenantId: null, homeTenantId: null, roles: ['PLATFORM_ADMIN'], scopes: [] };
    await core.invoices.finalize(admin, invoices[0].id);
    await service.record(service_, { eventId: 'later', tenantId: invoices[0].tenantId, meter: 'compute_core_hours', quantity: '10', timestamp: last.toISOString(), source: 'gw' });
    expect(await core.invoices.draftClosedMonth(now)).toEqual({ period, created: 0 });
    const after = await db.invoice.findUniqueOrThrow({ where: { id: invoices[0].id } });
    expect([after.status, after.totalMinor]).toEqual(['FINALIZED', 4940n]);
  });
});
