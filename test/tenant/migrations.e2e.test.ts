import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { eventually, query } from '../harness/database';
import { userWithRoles, type Session } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, type ProvisionedTenant } from '../harness/tenant-factories';

/** Tenant migrations (spec 2 "Endpoints / Migrations", docs/tenant-migrations.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const auth = (token: string) => ({ token });
const base = (tenantId: string) => `/api/v1/tenants/${tenantId}/migrations`;
const schemaOf = (slug: string) => `tenant_${slug.replace(/-/g, '_')}`;

interface Fixture { tenant: ProvisionedTenant; admin: Session; member: Session; other: ProvisionedTenant; otherAdmin: Session }

async function fixture(): Promise<Fixture> {
  const [tenant, other] = await Promise.all([provisionTenant(api, root, { region: 'eu-west-1' }), provisionTenant(api, root, { region: 'eu-west-1' })]);
  const [admin, member, otherAdmin] = await Promise.all([
    userWithRoles(api, root, tenant.id, ['ADMIN']),
    userWithRoles(api, root, tenant.id),
    userWithRoles(api, root, other.id, ['ADMIN']),
  ]);
  return { tenant, admin, member, other, otherAdmin };
}

const request = (overrides: Record<string, unknown> = {}) => ({
  migrationName: 'move to Frankfurt', description: 'closer to customers', migrationType: 'REGION', sourceRegion: 'eu-west-1', targetRegion: 'eu-central-1',
  migrateData: true, migrateConfig: true, migrateSecrets: true, backupBeforeMigration: true, rollbackEnabled: true, autoRollbackOnFailure: false,
  trafficStrategy: 'GRADUAL', trafficShiftStep: 25, maxDowntimeMinutes: 5, ...overrides,
});

async function create(tenantId: string, token: string, overrides: Record<string, unknown> = {}) {
  const res = await api.post(base(tenantId), request(overrides), auth(token));
  expect(res.status).toBe(201);
  return res.body;
}

const action = (tenantId: string, id: string, name: string, token: string) => api.post(`${base(tenantId)}/${id}/${name}`, undefined, auth(token));

/** Created, approved by the platform admin and started by the tenant admin; resolves when the runner is done. */
async function run(f: Fixture, overrides: Record<string, unknown> = {}, until = ['COMPLETED', 'FAILED', 'ROLLED_BACK']) {
  const m = await create(f.tenant.id, f.admin.token, overrides);
  expect((await action(f.tenant.id, m.id, 'approve', root)).status).toBe(200);
  const started = await action(f.tenant.id, m.id, 'start', f.admin.token);
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ status: 'IN_PROGRESS', startedBy: f.admin.id });
  return finished(f.tenant.id, m.id, f.admin.token, until);
}

function finished(tenantId: string, id: string, token: string, until: string[]) {
  return eventually(async () => {
    const res = await api.get(`${base(tenantId)}/${id}`, auth(token));
    return until.includes(res.body.status) ? res.body : undefined;
  }, 20_000);
}

const regionOf = async (tenantId: string) => (await query(platform.databaseUrl, 'SELECT region FROM tenant.tenants WHERE id = $1', [tenantId]))[0].region;
const fault = (slug: string, step: string) => query(platform.databaseUrl, 'INSERT INTO tenant.provisioning_faults (slug, step) VALUES ($1, $2)', [slug, `migration:${step}`]);
const stepsByName = (m: any) => Object.fromEntries(m.steps.map((s: any) => [s.name, s]));

describe('GET /migrations/regions', () => {
  it('lists the seeded regions, marking the tenant\'s own', async () => {
    const { tenant, admin } = await fixture();
    const res = await api.get(`${base(tenant.id)}/regions`, auth(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => r.code)).toEqual(['ap-southeast-1', 'eu-central-1', 'eu-west-1', 'us-east-1', 'us-west-2']);
    expect(res.body.find((r: any) => r.code === 'eu-west-1')).toEqual({ code: 'eu-west-1', displayName: 'Europe (Ireland)', area: 'EUROPE', available: true, current: true });
    expect(res.body.filter((r: any) => r.current)).toHaveLength(1);
  });

  it('401 without a token, 403 for a member, 404 for another tenant', async () => {
    const { tenant, member, otherAdmin } = await fixture();
    expectEnvelope(await api.get(`${base(tenant.id)}/regions`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`${base(tenant.id)}/regions`, auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${base(tenant.id)}/regions`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
  });
});

describe('POST /migrations', () => {
  it('creates a PENDING migration with its planned steps (201)', async () => {
    const { tenant, admin } = await fixture();
    const m = await create(tenant.id, admin.token);
    expect(m).toMatchObject({
      tenantId: tenant.id, migrationName: 'move to Frankfurt', migrationType: 'REGION', sourceRegion: 'eu-west-1', targetRegion: 'eu-central-1',
      status: 'PENDING', progressPercent: 0, trafficPercent: 0, trafficStrategy: 'GRADUAL', trafficShiftStep: 25, maxDowntimeMinutes: 5,
      createdBy: admin.id, approvedBy: null, startedAt: null, error: null,
    });
    expect(m.steps.map((s: any) => [s.name, s.status])).toEqual([
      ['backup', 'PENDING'], ['copy-data', 'PENDING'], ['copy-config', 'PENDING'], ['copy-secrets', 'PENDING'],
      ['traffic-25', 'PENDING'], ['traffic-50', 'PENDING'], ['traffic-75', 'PENDING'], ['traffic-100', 'PENDING'], ['cutover', 'PENDING'],
    ]);
  });

  it('applies the documented defaults', async () => {
    const { tenant } = await fixture();
    const res = await api.post(base(tenant.id), { migrationName: 'defaults', sourceRegion: 'eu-west-1', targetRegion: 'us-east-1' }, auth(root));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ migrationType: 'REGION', trafficStrategy: 'GRADUAL', trafficShiftStep: 10, maxDowntimeMinutes: 30, migrateData: true, backupBeforeMigration: true, rollbackEnabled: true, autoRollbackOnFailure: false });
    expect(res.body.steps).toHaveLength(4 + 10 + 1);
  });

  it('refuses invalid requests with 400 DPF-TEN-061 naming the field', async () => {
    const { tenant, admin } = await fixture();
    const cases: [Record<string, unknown>, string][] = [
      [{ targetRegion: 'mars-1' }, 'targetRegion'],
      [{ targetRegion: 'eu-west-1' }, 'targetRegion'],
      [{ sourceRegion: 'us-east-1', targetRegion: 'eu-central-1' }, 'sourceRegion'],
      [{ sourceRegion: 'nowhere-9' }, 'sourceRegion'],
      [{ trafficShiftStep: 30 }, 'trafficShiftStep'],
      [{ trafficShiftStep: 0 }, 'trafficShiftStep'],
      [{ trafficShiftStep: 101 }, 'trafficShiftStep'],
      [{ trafficStrategy: 'IMMEDIATE', trafficShiftStep: 50 }, 'trafficShiftStep'],
      [{ migrationType: 'CLUSTER' }, 'migrationType'],
      [{ trafficStrategy: 'CANARY' }, 'trafficStrategy'],
    ];
    for (const [overrides, field] of cases) {
      const res = await api.post(base(tenant.id), request(overrides), auth(admin.token));
      expectEnvelope(res, 400, 'DPF-TEN-061');
      expect(res.body.error.details).toMatchObject({ field });
    }
    expect((await api.post(base(tenant.id), request({ maxDowntimeMinutes: -1 }), auth(admin.token))).status).toBe(400);
    expect((await api.post(base(tenant.id), request({ migrateData: 'yes' }), auth(admin.token))).status).toBe(400);
    expect((await api.post(base(tenant.id), { sourceRegion: 'eu-west-1' }, auth(admin.token))).status).toBe(400);
    const list = await api.get(base(tenant.id), auth(admin.token));
    expect(list.body.pagination.total).toBe(0);
  });

  it('409 DPF-TEN-062 while the tenant has an active migration; concurrent creates: exactly one wins', async () => {
    const { tenant, admin } = await fixture();
    const results = await Promise.all(Array.from({ length: 5 }, () => api.post(base(tenant.id), request(), auth(admin.token))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expectEnvelope(r, 409, 'DPF-TEN-062');
    const rows = await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM tenant.migrations WHERE tenant_id = $1', [tenant.id]);
    expect(rows[0].n).toBe(1);
    // Once the active one is cancelled a new one may be created.
    const winner = results.find((r) => r.status === 201)!.body;
    expect((await action(tenant.id, winner.id, 'cancel', admin.token)).status).toBe(200);
    await create(tenant.id, admin.token);
  });

  it('401, 403 for a member, 404 for another tenant\'s admin or an unknown tenant', async () => {
    const { tenant, member, otherAdmin } = await fixture();
    expectEnvelope(await api.post(base(tenant.id), request()), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(base(tenant.id), request(), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post(base(tenant.id), request(), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.post(base(randomUUID()), request(), auth(root)), 404, 'DPF-TEN-001');
  });
});

describe('GET /migrations, /migrations/active, /migrations/{id}', () => {
  it('lists most recent first with pagination and a status filter; reads one; the active one', async () => {
    const { tenant, admin } = await fixture();
    const first = await create(tenant.id, admin.token, { migrationName: 'first' });
    expect((await action(tenant.id, first.id, 'cancel', admin.token)).status).toBe(200);
    const second = await create(tenant.id, admin.token, { migrationName: 'second' });
    const page = await api.get(`${base(tenant.id)}?page=0&size=1`, auth(admin.token));
    expect(page.status).toBe(200);
    expect(page.body.data.map((m: any) => m.id)).toEqual([second.id]);
    expect(page.body.pagination).toEqual({ page: 0, size: 1, total: 2, totalPages: 2, hasNext: true, hasPrevious: false });
    const cancelled = await api.get(`${base(tenant.id)}?status=CANCELLED`, auth(admin.token));
    expect(cancelled.body.data.map((m: any) => m.id)).toEqual([first.id]);
    expect((await api.get(`${base(tenant.id)}?status=NOPE`, auth(admin.token))).status).toBe(400);
    expect((await api.get(`${base(tenant.id)}?size=1000`, auth(admin.token))).status).toBe(400);
    const one = await api.get(`${base(tenant.id)}/${first.id}`, auth(admin.token));
    expect(one.body).toMatchObject({ id: first.id, status: 'CANCELLED', cancelledBy: admin.id });
    const active = await api.get(`${base(tenant.id)}/active`, auth(admin.token));
    expect(active.body).toMatchObject({ id: second.id, status: 'PENDING' });
  });

  it('404 DPF-TEN-064 without an active migration; 404 DPF-TEN-060 for unknown or malformed ids', async () => {
    const { tenant, admin } = await fixture();
    expectEnvelope(await api.get(`${base(tenant.id)}/active`, auth(admin.token)), 404, 'DPF-TEN-064');
    expectEnvelope(await api.get(`${base(tenant.id)}/${randomUUID()}`, auth(admin.token)), 404, 'DPF-TEN-060');
    expectEnvelope(await api.get(`${base(tenant.id)}/not-a-uuid`, auth(admin.token)), 404, 'DPF-TEN-060');
    expectEnvelope(await action(tenant.id, randomUUID(), 'approve', root), 404, 'DPF-TEN-060');
  });

  it('401 and 403 on reads', async () => {
    const { tenant, member } = await fixture();
    expectEnvelope(await api.get(base(tenant.id)), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(base(tenant.id), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${base(tenant.id)}/active`, auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${base(tenant.id)}/${randomUUID()}`, auth(member.token)), 403, 'DPF-AUTH-007');
  });
});

describe('approve, start, cancel, rollback: the state machine', () => {
  it('only a platform admin approves; illegal moves are 409 DPF-TEN-063', async () => {
    const { tenant, admin, member } = await fixture();
    const m = await create(tenant.id, admin.token);
    expectEnvelope(await action(tenant.id, m.id, 'approve', admin.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await action(tenant.id, m.id, 'approve', member.token), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post(`${base(tenant.id)}/${m.id}/approve`), 401, 'DPF-AUTH-001');
    const illegal = await action(tenant.id, m.id, 'start', admin.token);
    expectEnvelope(illegal, 409, 'DPF-TEN-063');
    expect(illegal.body.error.details).toMatchObject({ status: 'PENDING', action: 'start' });
    expectEnvelope(await action(tenant.id, m.id, 'rollback', admin.token), 409, 'DPF-TEN-063');
    const approved = await action(tenant.id, m.id, 'approve', root);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', approvedBy: expect.any(String), approvedAt: expect.any(String) });
    expectEnvelope(await action(tenant.id, m.id, 'approve', root), 409, 'DPF-TEN-063');
    const cancelled = await action(tenant.id, m.id, 'cancel', admin.token);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancelledBy: admin.id });
    for (const a of ['approve', 'start', 'cancel', 'rollback']) expectEnvelope(await action(tenant.id, m.id, a, root), 409, 'DPF-TEN-063');
  });

  it('start, cancel and rollback: 401 and 403 for a member', async () => {
    const { tenant, admin, member } = await fixture();
    const m = await create(tenant.id, admin.token);
    for (const a of ['start', 'cancel', 'rollback']) {
      expectEnvelope(await api.post(`${base(tenant.id)}/${m.id}/${a}`), 401, 'DPF-AUTH-001');
      expectEnvelope(await action(tenant.id, m.id, a, member.token), 403, 'DPF-AUTH-007');
    }
  });
});

describe('the migration runner', () => {
  it('runs a migration to COMPLETED: backup and copies measured, traffic shifted step by step, region changed; then rolls it back', async () => {
    const f = await fixture();
    const schema = schemaOf(f.tenant.slug);
    await query(platform.databaseUrl, `CREATE TABLE ${schema}.orders (id int PRIMARY KEY, note text)`);
    await query(platform.databaseUrl, `INSERT INTO ${schema}.orders SELECT g, repeat('x', 100) FROM generate_series(1, 250) g`);
    const m = await run(f);
    expect(m).toMatchObject({ status: 'COMPLETED', progressPercent: 100, trafficPercent: 100, currentStep: null, error: null, completedAt: expect.any(String), durationMs: expect.any(Number), downtimeMs: expect.any(Number) });
    expect(m.steps.every((s: any) => s.status === 'COMPLETED' && s.attempts === 1 && s.durationMs >= 0 && s.startedAt && s.completedAt)).toBe(true);
    const steps = stepsByName(m);
    expect(steps.backup.output.tables).toEqual([{ table: 'orders', rows: 250, bytes: expect.any(Number), checksum: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(steps['copy-data'].output).toMatchObject({ from: 'eu-west-1', to: 'eu-central-1', copiedRows: 250, copiedBytes: expect.any(Number) });
    expect(steps['copy-data'].output.copiedBytes).toBeGreaterThan(0);
    expect(['traffic-25', 'traffic-50', 'traffic-75', 'traffic-100'].map((n) => [steps[n].trafficPercent, steps[n].output.fromPercent, steps[n].output.toPercent])).toEqual([[25, 0, 25], [50, 25, 50], [75, 50, 75], [100, 75, 100]]);
    expect(steps.cutover.output).toMatchObject({ fromRegion: 'eu-west-1', toRegion: 'eu-central-1', regionChanged: true });
    expect(await regionOf(f.tenant.id)).toBe('eu-central-1');
    expectEnvelope(await api.get(`${base(f.tenant.id)}/active`, auth(f.admin.token)), 404, 'DPF-TEN-064');
    const regions = await api.get(`${base(f.tenant.id)}/regions`, auth(f.admin.token));
    expect(regions.body.find((r: any) => r.current).code).toBe('eu-central-1');

    const rolling = await action(f.tenant.id, m.id, 'rollback', f.admin.token);
    expect(rolling.status).toBe(202);
    expect(rolling.body).toMatchObject({ status: 'ROLLING_BACK', rollbackRequestedBy: f.admin.id });
    const back = await finished(f.tenant.id, m.id, f.admin.token, ['ROLLED_BACK', 'FAILED']);
    expect(back).toMatchObject({ status: 'ROLLED_BACK', trafficPercent: 0, rolledBackAt: expect.any(String) });
    expect(back.steps.every((s: any) => s.status === 'ROLLED_BACK')).toBe(true);
    expect(await regionOf(f.tenant.id)).toBe('eu-west-1');
    expectEnvelope(await action(f.tenant.id, m.id, 'rollback', f.admin.token), 409, 'DPF-TEN-063');
  });

  it('without autoRollbackOnFailure an injected failure ends FAILED, traffic where it was; rollback then returns to the source', async () => {
    const f = await fixture();
    await fault(f.tenant.slug, 'traffic-50');
    const m = await run(f, { migrateConfig: false, migrateSecrets: false });
    expect(m).toMatchObject({ status: 'FAILED', trafficPercent: 25, failedAt: expect.any(String), error: expect.stringContaining('traffic-50') });
    const steps = stepsByName(m);
    expect([steps['traffic-25'].status, steps['traffic-50'].status, steps['traffic-75'].status, steps.cutover.status]).toEqual(['COMPLETED', 'FAILED', 'PENDING', 'PENDING']);
    expect(await regionOf(f.tenant.id)).toBe('eu-west-1');
    expectEnvelope(await api.get(`${base(f.tenant.id)}/active`, auth(f.admin.token)), 404, 'DPF-TEN-064');
    expect((await action(f.tenant.id, m.id, 'rollback', f.admin.token)).status).toBe(202);
    const back = await finished(f.tenant.id, m.id, f.admin.token, ['ROLLED_BACK']);
    expect(back.trafficPercent).toBe(0);
    expect(stepsByName(back)['traffic-75'].status).toBe('PENDING');
  });

  it('a FAILED migration created with rollbackEnabled false cannot be rolled back (409 DPF-TEN-065)', async () => {
    const f = await fixture();
    await fault(f.tenant.slug, 'backup');
    const m = await run(f, { rollbackEnabled: false, trafficStrategy: 'IMMEDIATE', trafficShiftStep: 100 });
    expect(m.status).toBe('FAILED');
    expectEnvelope(await action(f.tenant.id, m.id, 'rollback', f.admin.token), 409, 'DPF-TEN-065');
  });

  it('with autoRollbackOnFailure a failure at cutover rolls every done step back: ROLLED_BACK, traffic 0, region unchanged', async () => {
    const f = await fixture();
    await fault(f.tenant.slug, 'cutover');
    const m = await run(f, { autoRollbackOnFailure: true, trafficShiftStep: 50 });
    expect(m).toMatchObject({ status: 'ROLLED_BACK', trafficPercent: 0, error: expect.stringContaining('cutover'), failedAt: expect.any(String) });
    expect(m.steps.map((s: any) => [s.name, s.status])).toEqual([
      ['backup', 'ROLLED_BACK'], ['copy-data', 'ROLLED_BACK'], ['copy-config', 'ROLLED_BACK'], ['copy-secrets', 'ROLLED_BACK'],
      ['traffic-50', 'ROLLED_BACK'], ['traffic-100', 'ROLLED_BACK'], ['cutover', 'ROLLED_BACK'],
    ]);
    expect(stepsByName(m)['traffic-50'].output.rollback).toEqual({ trafficPercent: 0 });
    expect(await regionOf(f.tenant.id)).toBe('eu-west-1');
    // The tenant may try again.
    await create(f.tenant.id, f.admin.token);
  });
});

describe('refusals that depend on the tenant', () => {
  it('409 DPF-TEN-066 for a tenant that is not ACTIVE (create and start)', async () => {
    const { tenant, admin } = await fixture();
    const m = await create(tenant.id, admin.token);
    expect((await action(tenant.id, m.id, 'approve', root)).status).toBe(200);
    expect((await api.post(`/api/v1/tenants/${tenant.id}/suspend`, { reason: 'e2e' }, auth(root))).status).toBe(200);
    const start = await api.post(`${base(tenant.id)}/${m.id}/start`, undefined, auth(root));
    expectEnvelope(start, 409, 'DPF-TEN-066');
    expect(start.body.error.details).toMatchObject({ status: 'SUSPENDED' });
    expect((await action(tenant.id, m.id, 'cancel', root)).status).toBe(200);
    expectEnvelope(await api.post(base(tenant.id), request(), auth(root)), 409, 'DPF-TEN-066');
  });

  it('start is refused (409 DPF-TEN-063) once the tenant has left the migration\'s source region', async () => {
    const { tenant, admin } = await fixture();
    const m = await create(tenant.id, admin.token);
    expect((await action(tenant.id, m.id, 'approve', root)).status).toBe(200);
    expect((await api.request('PUT', `/api/v1/tenants/${tenant.id}`, { body: { region: 'us-west-2' }, token: root })).status).toBe(200);
    const res = await action(tenant.id, m.id, 'start', admin.token);
    expectEnvelope(res, 409, 'DPF-TEN-063');
    expect(res.body.error.details).toMatchObject({ status: 'APPROVED', action: 'start' });
    expect((await api.get(`${base(tenant.id)}/${m.id}`, auth(admin.token))).body.status).toBe('APPROVED');
  });

  it('rollback of a finished migration while another one is active: 409 DPF-TEN-062', async () => {
    const f = await fixture();
    const m = await run(f, { trafficStrategy: 'IMMEDIATE', trafficShiftStep: 100, backupBeforeMigration: false });
    expect(m.status).toBe('COMPLETED');
    const next = await create(f.tenant.id, f.admin.token, { sourceRegion: 'eu-central-1', targetRegion: 'ap-southeast-1' });
    expectEnvelope(await action(f.tenant.id, m.id, 'rollback', f.admin.token), 409, 'DPF-TEN-062');
    expect((await api.get(`${base(f.tenant.id)}/${m.id}`, auth(f.admin.token))).body.status).toBe('COMPLETED');
    expect((await action(f.tenant.id, next.id, 'cancel', f.admin.token)).status).toBe(200);
    expect((await action(f.tenant.id, m.id, 'rollback', f.admin.token)).status).toBe(202);
  });
});

describe('GET /migrations/estimate', () => {
  it('estimates from the tenant\'s real data size', async () => {
    const { tenant, admin } = await fixture();
    const schema = schemaOf(tenant.slug);
    const empty = await api.get(`${base(tenant.id)}/estimate?targetRegion=us-east-1`, auth(admin.token));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ tenantId: tenant.id, sourceRegion: 'eu-west-1', targetRegion: 'us-east-1', dataTransferSizeBytes: 0, tables: 0, trafficShifts: 10, downtimeWindowSeconds: 30 });
    // 690 s of fixed steps, plus the copy of the configuration and secrets the tenant service holds (0.05 s and 0.2 s each).
    expect(empty.body.estimatedDurationSeconds).toBe(690 + Math.ceil(empty.body.configItems * 0.05 + empty.body.secrets * 0.2));
    await query(platform.databaseUrl, `CREATE TABLE ${schema}.events (id int, payload text)`);
    await query(platform.databaseUrl, `INSERT INTO ${schema}.events SELECT g, repeat('y', 500) FROM generate_series(1, 2000) g`);
    const [{ bytes }] = await query(platform.databaseUrl, `SELECT sum(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')`, [schema]);
    const res = await api.get(`${base(tenant.id)}/estimate?targetRegion=us-east-1`, auth(admin.token));
    expect(res.body).toMatchObject({ dataTransferSizeBytes: Number(bytes), tables: 1, rows: 2000 });
    expect(res.body.dataTransferSizeBytes).toBeGreaterThan(1_000_000);
    expect(res.body.resourceRequirements).toEqual({ cpuMillicores: 750, memoryMiB: 576, storageBytes: 2 * Number(bytes), networkMbps: 420 });
    expect(res.body.estimatedDurationSeconds).toBeGreaterThanOrEqual(empty.body.estimatedDurationSeconds);
    expect(res.body.model).toContain('50 MiB/s');
  });

  it('400 without or with a bad targetRegion; 401, 403, 404', async () => {
    const { tenant, admin, member, otherAdmin } = await fixture();
    expectEnvelope(await api.get(`${base(tenant.id)}/estimate`, auth(admin.token)), 400, 'DPF-TEN-061');
    expectEnvelope(await api.get(`${base(tenant.id)}/estimate?targetRegion=atlantis`, auth(admin.token)), 400, 'DPF-TEN-061');
    expectEnvelope(await api.get(`${base(tenant.id)}/estimate?targetRegion=eu-west-1`, auth(admin.token)), 400, 'DPF-TEN-061');
    expectEnvelope(await api.get(`${base(tenant.id)}/estimate?targetRegion=us-east-1`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`${base(tenant.id)}/estimate?targetRegion=us-east-1`, auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`${base(tenant.id)}/estimate?targetRegion=us-east-1`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
  });
});

describe('GET /api/v1/admin/migrations/stats', () => {
  it('counts by status, success rate, average duration and active count (platform admins only)', async () => {
    const f = await fixture();
    expect((await run(f, { trafficShiftStep: 100 })).status).toBe('COMPLETED');
    // The tenant now lives in eu-central-1: the next migration starts from there.
    await create(f.tenant.id, f.admin.token, { sourceRegion: 'eu-central-1', targetRegion: 'eu-west-1' });
    const res = await api.get('/api/v1/admin/migrations/stats', auth(root));
    expect(res.status).toBe(200);
    const count = (s: string) => res.body.byStatus.find((b: any) => b.status === s).count;
    expect(res.body.byStatus).toHaveLength(8);
    expect(res.body.total).toBe(res.body.byStatus.reduce((n: number, b: any) => n + b.count, 0));
    expect(count('COMPLETED')).toBeGreaterThanOrEqual(1);
    expect(res.body.activeCount).toBe(count('PENDING') + count('APPROVED') + count('IN_PROGRESS') + count('ROLLING_BACK'));
    expect(res.body.activeCount).toBeGreaterThanOrEqual(1);
    const finishedCount = count('COMPLETED') + count('FAILED') + count('ROLLED_BACK');
    expect(res.body.successRate).toBeCloseTo((count('COMPLETED') * 100) / finishedCount, 2);
    expect(res.body.averageDurationMs).toEqual(expect.any(Number));
    expectEnvelope(await api.get('/api/v1/admin/migrations/stats'), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get('/api/v1/admin/migrations/stats', auth(f.admin.token)), 403, 'DPF-AUTH-007');
  });
});

describe('tenant isolation', () => {
  it('another tenant\'s admin sees nothing of this tenant\'s migrations, by its path or its own', async () => {
    const { tenant, admin, other, otherAdmin } = await fixture();
    const m = await create(tenant.id, admin.token);
    expectEnvelope(await api.get(base(tenant.id), auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${base(tenant.id)}/${m.id}`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${base(tenant.id)}/active`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await action(tenant.id, m.id, 'cancel', otherAdmin.token), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${base(other.id)}/${m.id}`, auth(otherAdmin.token)), 404, 'DPF-TEN-060');
    expectEnvelope(await action(other.id, m.id, 'cancel', otherAdmin.token), 404, 'DPF-TEN-060');
    expectEnvelope(await action(other.id, m.id, 'approve', root), 404, 'DPF-TEN-060');
    expect((await api.get(base(other.id), auth(otherAdmin.token))).body.data).toEqual([]);
    expect((await api.get(`${base(tenant.id)}/${m.id}`, auth(admin.token))).body.status).toBe('PENDING');
  });
});
