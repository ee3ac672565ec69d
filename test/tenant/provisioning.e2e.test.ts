import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope, type ApiResponse } from '../harness/client';
import { eventually, query } from '../harness/database';
import { createUser } from '../harness/factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, tenantAdminSession, uniqueSlug, type ProvisionedTenant } from '../harness/tenant-factories';

/** Provisioning workflow (spec 2 "Provisioning"; docs/tenant-provisioning.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const auth = (token: string) => ({ token });
const base = (tenantId: string) => `/api/v1/tenants/${tenantId}/provisioning`;
const STEP_NAMES = ['create-schema', 'create-role', 'default-quotas', 'rate-limit-tier', 'dns-record', 'ingress', 'verify-resources'];

/** Makes `step` fail `times` times (and/or wait) for the tenant with `slug` (honoured with NODE_ENV=test). */
const injectFault = (slug: string, step: string, opts: { times?: number; fail?: boolean; delayMs?: number } = {}) =>
  query(platform.databaseUrl, 'INSERT INTO tenant.provisioning_faults (slug, step, remaining, fail, delay_ms) VALUES ($1, $2, $3, $4, $5)', [slug, step, opts.times ?? 1, opts.fail ?? true, opts.delayMs ?? 0]);

/** The tenant's resources as the database holds them. */
async function resources(tenantId: string, slug: string) {
  const name = `tenant_${slug.replace(/-/g, '_')}`;
  const [row] = await query(platform.databaseUrl, `
    SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS schema,
           EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1 AND NOT rolcanlogin) AS role,
           (SELECT count(*)::int FROM tenant.quotas WHERE tenant_id = $2) AS quotas,
           (SELECT count(*)::int FROM tenant.provisioned_rate_limits WHERE tenant_id = $2) AS "rateLimits",
           (SELECT count(*)::int FROM tenant.provisioned_network_records WHERE tenant_id = $2) AS network`, [name, tenantId]);
  return row;
}

async function settled(tenantId: string): Promise<any> {
  return eventually(async () => {
    const res = await api.get(`${base(tenantId)}/status`, auth(root));
    return ['COMPLETED', 'FAILED', 'ROLLED_BACK'].includes(res.body.status) ? res.body : undefined;
  }, 20_000);
}

async function createWithFault(step: string, opts: { times?: number; delayMs?: number } = {}): Promise<ApiResponse> {
  const slug = uniqueSlug();
  await injectFault(slug, step, opts);
  return api.post('/api/v1/tenants', { name: 'Faulty', slug, plan: 'PROFESSIONAL', region: 'eu-west-1', adminEmail: `a-${slug}@e2e.test` }, auth(root));
}

describe('provisioning a tenant', () => {
  it('runs every phase: schema, NOLOGIN role, quotas, rate-limit tier, DNS and ingress; tenant ACTIVE', async () => {
    const t = await provisionTenant(api, root, { plan: 'ENTERPRISE', settings: { dedicatedIngress: true } });
    expect(t.body.status).toBe('ACTIVE');
    expect(await resources(t.id, t.slug)).toEqual({ schema: true, role: true, quotas: 9, rateLimits: 1, network: 2 });
    const [tier] = await query(platform.databaseUrl, 'SELECT tier, per_second, burst_second, per_minute, per_hour, burst_hour FROM tenant.provisioned_rate_limits WHERE tenant_id = $1', [t.id]);
    expect(tier).toEqual({ tier: 'enterprise', per_second: 200, burst_second: 300, per_minute: 2000, per_hour: 50000, burst_hour: 60000 });
    const net = await query(platform.databaseUrl, 'SELECT kind, type, name FROM tenant.provisioned_network_records WHERE tenant_id = $1 ORDER BY kind', [t.id]);
    expect(net).toEqual([
      { kind: 'DNS', type: 'CNAME', name: `${t.slug}.tenants.dataplat.internal` },
      { kind: 'INGRESS', type: 'dedicated', name: `${t.slug}.tenants.dataplat.internal` },
    ]);

    const status = await api.get(`${base(t.id)}/status`, auth(root));
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ tenantId: t.id, operation: 'PROVISION', status: 'COMPLETED', tenantStatus: 'ACTIVE', percentComplete: 100, currentStep: null, error: null });

    const detailed = (await api.get(`${base(t.id)}/status/detailed`, auth(root))).body;
    expect(detailed.progress).toEqual({ status: 'COMPLETED', percentComplete: 100, currentPhase: null, currentStep: null });
    expect(detailed.phases).toEqual([
      { name: 'INFRASTRUCTURE', status: 'COMPLETED', steps: 2, completedSteps: 2 },
      { name: 'DATA_PLANE', status: 'COMPLETED', steps: 2, completedSteps: 2 },
      { name: 'NETWORKING', status: 'COMPLETED', steps: 2, completedSteps: 2 },
      { name: 'VERIFICATION', status: 'COMPLETED', steps: 1, completedSteps: 1 },
    ]);
    expect(detailed.timeline).toMatchObject({ startedAt: expect.any(String), estimatedCompletionAt: expect.any(String), elapsedSeconds: expect.any(Number) });
    expect(detailed.recentEvents[0]).toMatchObject({ type: 'JOB_COMPLETED' });

    const steps = (await api.get(`${base(t.id)}/steps`, auth(root))).body;
    expect(steps.map((s: any) => [s.name, s.status, s.attempts])).toEqual(STEP_NAMES.map((n) => [n, 'COMPLETED', 1]));
    expect(JSON.parse(steps[0].output)).toEqual({ schema: `tenant_${t.slug.replace(/-/g, '_')}` });
    const one = await api.get(`${base(t.id)}/steps/${steps[1].id}`, auth(root));
    expect(one.body).toMatchObject({ id: steps[1].id, name: 'create-role', phase: 'INFRASTRUCTURE', durationMs: expect.any(Number) });

    const phases = (await api.get(`${base(t.id)}/phases`, auth(root))).body;
    expect(phases.map((p: any) => p.name)).toEqual(['INFRASTRUCTURE', 'DATA_PLANE', 'NETWORKING', 'VERIFICATION']);
    const timeline = (await api.get(`${base(t.id)}/timeline`, auth(root))).body;
    expect(timeline.steps).toHaveLength(7);
    expect(timeline.completedAt).toEqual(status.body.finishedAt);

    const events = (await api.get(`${base(t.id)}/events?limit=3`, auth(root))).body;
    expect(events.map((e: any) => e.type)).toEqual(['JOB_COMPLETED', 'STEP_COMPLETED', 'STEP_STARTED']);
    expectEnvelope(await api.get(`${base(t.id)}/events?limit=0`, auth(root)), 400, 'DPF-API-001');
  });
});

describe('failure, retry, rollback and reprovision', () => {
  it('a failed step leaves the tenant FAILED; retry resumes from that step and completes', async () => {
    const res = await createWithFault('dns-record');
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('FAILED');
    const id = res.body.id;
    const status = (await api.get(`${base(id)}/status`, auth(root))).body;
    expect(status).toMatchObject({ status: 'FAILED', tenantStatus: 'FAILED', percentComplete: 57, currentPhase: 'NETWORKING', currentStep: 'dns-record', error: 'dns-record: injected failure (test)' });
    const phases = (await api.get(`${base(id)}/status/detailed`, auth(root))).body.phases;
    expect(phases.map((p: any) => p.status)).toEqual(['COMPLETED', 'COMPLETED', 'FAILED', 'PENDING']);

    const retry = await api.post(`${base(id)}/retry`, undefined, auth(root));
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ operation: 'RETRY', tenantStatus: 'PROVISIONING' });
    expect(['IN_PROGRESS', 'COMPLETED']).toContain(retry.body.status);
    expect(await settled(id)).toMatchObject({ status: 'COMPLETED', tenantStatus: 'ACTIVE', percentComplete: 100 });
    const steps = (await api.get(`${base(id)}/steps`, auth(root))).body;
    // Steps before the failed one ran once; the failed one twice.
    expect(steps.map((s: any) => s.attempts)).toEqual([1, 1, 1, 1, 2, 1, 1]);
    const history = await query(platform.databaseUrl, 'SELECT from_status, to_status FROM tenant.tenant_status_changes WHERE tenant_id = $1 ORDER BY id', [id]);
    expect(history.map((h) => `${h.from_status}>${h.to_status}`)).toEqual(['null>PROVISIONING', 'PROVISIONING>FAILED', 'FAILED>PROVISIONING', 'PROVISIONING>ACTIVE']);

    // Nothing failed now: 400; and an ACTIVE tenant cannot be retried.
    expectEnvelope(await api.post(`${base(id)}/retry`, undefined, auth(root)), 400, 'DPF-TEN-020');
  });

  it('rollback reverses completed steps in reverse order and removes the resources', async () => {
    const res = await createWithFault('verify-resources');
    const id = res.body.id;
    const slug = res.body.slug;
    expect(await resources(id, slug)).toEqual({ schema: true, role: true, quotas: 9, rateLimits: 1, network: 2 });
    const rb = await api.post(`${base(id)}/rollback`, undefined, auth(root));
    expect(rb.status).toBe(202);
    expect(rb.body).toMatchObject({ operation: 'ROLLBACK', tenantStatus: 'FAILED' });
    expect(await settled(id)).toMatchObject({ status: 'ROLLED_BACK', percentComplete: 0, currentStep: null });
    expect(await resources(id, slug)).toEqual({ schema: false, role: false, quotas: 0, rateLimits: 0, network: 0 });
    const rolled = (await api.get(`${base(id)}/events?limit=200`, auth(root))).body.filter((e: any) => e.type === 'STEP_ROLLED_BACK').reverse();
    expect(rolled.map((e: any) => e.step)).toEqual([...STEP_NAMES].reverse());
    expectEnvelope(await api.post(`${base(id)}/rollback`, undefined, auth(root)), 409, 'DPF-TEN-024');
    expectEnvelope(await api.post(`${base(id)}/retry`, undefined, auth(root)), 400, 'DPF-TEN-020');

    // Reprovision after a rollback: a fresh start from the first step.
    const rp = await api.post(`${base(id)}/reprovision`, undefined, auth(root));
    expect(rp.status).toBe(202);
    expect(rp.body).toMatchObject({ operation: 'REPROVISION', tenantStatus: 'PROVISIONING' });
    expect(await settled(id)).toMatchObject({ status: 'COMPLETED', tenantStatus: 'ACTIVE' });
    expect(await resources(id, slug)).toEqual({ schema: true, role: true, quotas: 9, rateLimits: 1, network: 2 });
  });

  it('reprovision of an ACTIVE tenant rolls back, then provisions again', async () => {
    const t = await provisionTenant(api, root);
    const rp = await api.post(`${base(t.id)}/reprovision`, undefined, auth(root));
    expect(rp.status).toBe(202);
    expect(await settled(t.id)).toMatchObject({ status: 'COMPLETED', tenantStatus: 'ACTIVE', operation: 'REPROVISION' });
    const types = (await api.get(`${base(t.id)}/events?limit=200`, auth(root))).body.map((e: any) => e.type).reverse();
    expect(types.indexOf('REPROVISION_REQUESTED')).toBeLessThan(types.lastIndexOf('STEP_ROLLED_BACK'));
    expect(types.lastIndexOf('STEP_ROLLED_BACK')).toBeLessThan(types.indexOf('JOB_RESTARTED'));
    expect(types[types.length - 1]).toBe('JOB_COMPLETED');
    const steps = (await api.get(`${base(t.id)}/steps`, auth(root))).body;
    expect(steps.every((s: any) => s.status === 'COMPLETED' && s.attempts === 2)).toBe(true);
    expect(await resources(t.id, t.slug)).toEqual({ schema: true, role: true, quotas: 9, rateLimits: 1, network: 2 });
  });

  it('refuses moves the tenant state machine forbids (409)', async () => {
    const t = await provisionTenant(api, root);
    expect((await api.post(`/api/v1/tenants/${t.id}/suspend`, undefined, auth(root))).status).toBe(200);
    expectEnvelope(await api.post(`${base(t.id)}/rollback`, undefined, auth(root)), 409, 'DPF-TEN-003');
    expectEnvelope(await api.post(`${base(t.id)}/reprovision`, undefined, auth(root)), 409, 'DPF-TEN-003');
    expect((await api.request('DELETE', `/api/v1/tenants/${t.id}`, auth(root))).status).toBe(200);
    expectEnvelope(await api.post(`${base(t.id)}/reprovision`, undefined, auth(root)), 409, 'DPF-TEN-003');
  });

  it('refuses retry, rollback and reprovision while the job runs (409 DPF-TEN-021)', async () => {
    const res = await createWithFault('create-schema');
    const id = res.body.id;
    await injectFault(res.body.slug, 'create-role', { fail: false, delayMs: 1500 });
    expect((await api.post(`${base(id)}/retry`, undefined, auth(root))).status).toBe(202);
    expectEnvelope(await api.post(`${base(id)}/rollback`, undefined, auth(root)), 409, 'DPF-TEN-021');
    expectEnvelope(await api.post(`${base(id)}/reprovision`, undefined, auth(root)), 409, 'DPF-TEN-021');
    expect(await settled(id)).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('durability', () => {
  it('a job left IN_PROGRESS by a process that died resumes from its current step after a restart', async () => {
    const slug = uniqueSlug();
    await injectFault(slug, 'dns-record', { fail: false, delayMs: 60_000 });
    const body = { name: 'Crash', slug, plan: 'FREE', region: 'eu-west-1', adminEmail: `a-${slug}@e2e.test` };
    const pending = api.post('/api/v1/tenants', body, auth(root)).catch(() => undefined);
    const [job] = await eventually(async () => {
      const rows = await query(platform.databaseUrl, `SELECT j.id FROM tenant.provisioning_jobs j JOIN tenant.tenants t ON t.id = j.tenant_id
        JOIN tenant.provisioning_steps s ON s.job_id = j.id AND s.name = 'dns-record' AND s.status = 'RUNNING' WHERE t.slug = $1`, [slug]);
      return rows.length ? rows : undefined;
    }, 20_000);
    await platform.signal('SIGKILL');
    await pending;
    await platform.restart();
    const [{ tenant_id: tenantId }] = await query(platform.databaseUrl, 'SELECT tenant_id FROM tenant.provisioning_jobs WHERE id = $1', [job.id]);
    const token = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
    const done = await eventually(async () => {
      const res = await api.get(`${base(tenantId)}/status`, auth(token));
      return res.body.status === 'COMPLETED' ? res.body : undefined;
    }, 40_000);
    expect(done.tenantStatus).toBe('ACTIVE');
    const steps = (await api.get(`${base(tenantId)}/steps`, auth(token))).body;
    expect(steps.map((s: any) => s.attempts)).toEqual([1, 1, 1, 1, 2, 1, 1]);
    const events = (await api.get(`${base(tenantId)}/events?limit=200`, auth(token))).body.map((e: any) => e.type);
    expect(events).toContain('JOB_RESUMED');
    root = token;
  }, 120_000);
});

describe('access', () => {
  let a: ProvisionedTenant;
  let b: ProvisionedTenant;
  let adminA: string;
  beforeAll(async () => {
    a = await provisionTenant(api, root);
    b = await provisionTenant(api, root);
    adminA = (await tenantAdminSession(api, a)).token;
  });

  it('401 without credentials', async () => {
    expectEnvelope(await api.get(`${base(a.id)}/status`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(`${base(a.id)}/retry`), 401, 'DPF-AUTH-001');
  });

  it('a tenant admin reads their own provisioning; another tenant is 404', async () => {
    expect((await api.get(`${base(a.id)}/status`, auth(adminA))).status).toBe(200);
    expect((await api.get(`${base(a.id)}/steps`, auth(adminA))).status).toBe(200);
    expectEnvelope(await api.get(`${base(b.id)}/status`, auth(adminA)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${base(b.id)}/steps`, auth(adminA)), 404, 'DPF-TEN-001');
    const stepOfB = (await api.get(`${base(b.id)}/steps`, auth(root))).body[0].id;
    expectEnvelope(await api.get(`${base(a.id)}/steps/${stepOfB}`, auth(adminA)), 404, 'DPF-TEN-023');
  });

  it('retry, rollback and reprovision need a platform administrator (403)', async () => {
    for (const op of ['retry', 'rollback', 'reprovision']) expectEnvelope(await api.post(`${base(a.id)}/${op}`, undefined, auth(adminA)), 403, 'DPF-AUTH-007');
    const user = await createUser(api, adminA, { tenantId: a.id });
    const session = await api.login(user.email, user.password);
    expectEnvelope(await api.get(`${base(a.id)}/status`, auth(session.accessToken)), 403, 'DPF-AUTH-007');
  });

  it('unknown tenants and steps are 404', async () => {
    expectEnvelope(await api.get(`${base(randomUUID())}/status`, auth(root)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${base('not-a-uuid')}/phases`, auth(root)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${base(a.id)}/steps/${randomUUID()}`, auth(root)), 404, 'DPF-TEN-023');
    expectEnvelope(await api.get(`${base(a.id)}/steps/nope`, auth(root)), 404, 'DPF-TEN-023');
  });
});
