import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ApiClient, expectEnvelope } from '../harness/client';
import { eventually, query } from '../harness/database';
import { userWithRoles, type Session } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, type ProvisionedTenant } from '../harness/tenant-factories';

/** Alerts and alert rules (spec 2 "Endpoints / Alerts", docs/tenant-quotas-alerts.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const auth = (token: string) => ({ token });
const alerts = (tenantId: string) => `/api/v1/tenants/${tenantId}/alerts`;
const rules = (tenantId: string) => `${alerts(tenantId)}/rules`;

interface Fixture { tenant: ProvisionedTenant; admin: Session; member: Session; otherAdmin: Session }

async function fixture(): Promise<Fixture> {
  const [tenant, other] = await Promise.all([provisionTenant(api, root), provisionTenant(api, root)]);
  const [admin, member, otherAdmin] = await Promise.all([
    userWithRoles(api, root, tenant.id, ['ADMIN']),
    userWithRoles(api, root, tenant.id),
    userWithRoles(api, root, other.id, ['ADMIN']),
  ]);
  return { tenant, admin, member, otherAdmin };
}

async function quota(tenantId: string, resourceType: string, softLimit: number, hardLimit: number) {
  expect((await api.post(`/api/v1/tenants/${tenantId}/quotas`, { resourceType, softLimit, hardLimit }, auth(root))).status).toBe(200);
}
const use = (tenantId: string, token: string, resourceType: string, amount: number) =>
  api.post(`/api/v1/tenants/${tenantId}/quotas/usage`, { resourceType, amount, source: 'e2e' }, auth(token));

/** A tenant with one ACTIVE soft-limit alert on CPU. */
async function withAlert() {
  const f = await fixture();
  await quota(f.tenant.id, 'CPU', 80, 100);
  expect((await use(f.tenant.id, f.admin.token, 'CPU', 85)).body.warningIssued).toBe(true);
  const [alert] = (await api.get(`${alerts(f.tenant.id)}/active`, auth(f.admin.token))).body;
  return { ...f, alert };
}

const rule = (overrides: Record<string, unknown> = {}) => ({
  ruleName: `cpu-high-${randomUUID().slice(0, 6)}`, resourceType: 'CPU', condition: 'GREATER_THAN', threshold: 80, severity: 'CRITICAL',
  evaluationPeriod: '10s', notificationChannels: ['email:ops@e2e.test', 'chat:#alerts', 'webhook:https://hooks.e2e.test/alerts'], enabled: true, ...overrides,
});

describe('alerts raised by the quota system', () => {
  it('raises a WARNING alert when usage crosses the soft limit, with an e-mail in the notification outbox', async () => {
    const { tenant, admin, alert } = await withAlert();
    expect(alert).toMatchObject({ tenantId: tenant.id, source: 'QUOTA_SOFT_LIMIT', resourceType: 'CPU', severity: 'WARNING', status: 'ACTIVE', currentValue: 85, threshold: 80, ruleId: null });
    const outbox = await query(platform.databaseUrl, `SELECT channel, recipient, template, payload->>'alertId' AS alert FROM platform.notification_outbox WHERE tenant_id = $1`, [tenant.id]);
    expect(outbox).toEqual([{ channel: 'EMAIL', recipient: tenant.adminEmail, template: 'tenant.alert-raised', alert: alert.id }]);
    // Crossing again while the alert is open raises nothing new; reaching the hard limit raises a CRITICAL one.
    await use(tenant.id, admin.token, 'CPU', -10);
    await use(tenant.id, admin.token, 'CPU', 10);
    await use(tenant.id, admin.token, 'CPU', 15);
    const list = await api.get(alerts(tenant.id), auth(admin.token));
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: any) => [a.source, a.severity])).toEqual([['QUOTA_HARD_LIMIT', 'CRITICAL'], ['QUOTA_SOFT_LIMIT', 'WARNING']]);
    expect(list.body.pagination).toMatchObject({ page: 0, total: 2 });
    const one = await api.get(`${alerts(tenant.id)}/${alert.id}`, auth(admin.token));
    expect(one.body).toMatchObject({ id: alert.id, status: 'ACTIVE' });
  });
});

describe('alert state machine', () => {
  it('acknowledges then resolves; refuses illegal moves (409)', async () => {
    const { tenant, admin, alert } = await withAlert();
    const userId = admin.id;
    expectEnvelope(await api.post(`${alerts(tenant.id)}/${alert.id}/resolve`, { userId, resolutionType: 'MANUAL' }, auth(admin.token)), 409, 'DPF-TEN-045');
    const ack = await api.post(`${alerts(tenant.id)}/${alert.id}/acknowledge`, { userId }, auth(admin.token));
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ status: 'ACKNOWLEDGED', acknowledgedBy: userId, acknowledgedAt: expect.any(String) });
    expectEnvelope(await api.post(`${alerts(tenant.id)}/${alert.id}/acknowledge`, { userId }, auth(admin.token)), 409, 'DPF-TEN-045');
    expectEnvelope(await api.post(`${alerts(tenant.id)}/${alert.id}/suppress`, undefined, auth(admin.token)), 409, 'DPF-TEN-045');
    const resolved = await api.post(`${alerts(tenant.id)}/${alert.id}/resolve`, { userId, resolutionType: 'MANUAL', notes: 'scaled up' }, auth(admin.token));
    expect(resolved.body).toMatchObject({ status: 'RESOLVED', resolvedBy: userId, resolutionType: 'MANUAL', resolutionNotes: 'scaled up' });
    expectEnvelope(await api.post(`${alerts(tenant.id)}/${alert.id}/resolve`, { userId, resolutionType: 'MANUAL' }, auth(admin.token)), 409, 'DPF-TEN-045');
    expect((await api.get(`${alerts(tenant.id)}/active`, auth(admin.token))).body).toEqual([]);
    expect((await api.get(`${alerts(tenant.id)}?status=RESOLVED`, auth(admin.token))).body.data).toHaveLength(1);
  });

  it('suppresses (204) then resolves a suppressed alert', async () => {
    const { tenant, admin, alert } = await withAlert();
    const res = await api.post(`${alerts(tenant.id)}/${alert.id}/suppress`, undefined, auth(admin.token));
    expect(res.status).toBe(204);
    expect((await api.get(`${alerts(tenant.id)}/${alert.id}`, auth(admin.token))).body).toMatchObject({ status: 'SUPPRESSED', suppressedAt: expect.any(String) });
    expectEnvelope(await api.post(`${alerts(tenant.id)}/${alert.id}/acknowledge`, { userId: admin.id }, auth(admin.token)), 409, 'DPF-TEN-045');
    const resolved = await api.post(`${alerts(tenant.id)}/${alert.id}/resolve`, { userId: admin.id, resolutionType: 'TIMEOUT' }, auth(admin.token));
    expect(resolved.body).toMatchObject({ status: 'RESOLVED', resolutionType: 'TIMEOUT' });
  });

  it('refuses bad bodies (400), unknown alerts and other tenants (404), missing or weak credentials (401, 403)', async () => {
    const { tenant, admin, member, otherAdmin, alert } = await withAlert();
    expect((await api.post(`${alerts(tenant.id)}/${alert.id}/acknowledge`, { userId: 'me' }, auth(admin.token))).status).toBe(400);
    expect((await api.post(`${alerts(tenant.id)}/${alert.id}/acknowledge`, {}, auth(admin.token))).status).toBe(400);
    expect((await api.post(`${alerts(tenant.id)}/${alert.id}/resolve`, { userId: admin.id, resolutionType: 'MAGIC' }, auth(admin.token))).status).toBe(400);
    expect((await api.get(`${alerts(tenant.id)}?status=BROKEN`, auth(admin.token))).status).toBe(400);
    expectEnvelope(await api.get(`${alerts(tenant.id)}/${randomUUID()}`, auth(admin.token)), 404, 'DPF-TEN-044');
    expectEnvelope(await api.post(`${alerts(tenant.id)}/${randomUUID()}/suppress`, undefined, auth(admin.token)), 404, 'DPF-TEN-044');
    expectEnvelope(await api.get(`${alerts(tenant.id)}/${alert.id}`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${alerts(tenant.id)}/active`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(alerts(tenant.id)), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(alerts(tenant.id), auth(member.token)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post(`${alerts(tenant.id)}/${alert.id}/suppress`, undefined, auth(member.token)), 403, 'DPF-AUTH-007');
    // The platform administrator reaches any tenant.
    expect((await api.get(`${alerts(tenant.id)}/${alert.id}`, auth(root))).status).toBe(200);
  });

  it('acknowledges once under concurrent requests', async () => {
    const { tenant, admin, alert } = await withAlert();
    const results = await Promise.all(Array.from({ length: 8 }, () => api.post(`${alerts(tenant.id)}/${alert.id}/acknowledge`, { userId: admin.id }, auth(admin.token))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });
});

describe('GET /alerts/summary', () => {
  it('counts alerts by status, severity and resource type', async () => {
    const { tenant, admin, alert, otherAdmin } = await withAlert();
    await quota(tenant.id, 'USERS', 1, 2);
    await use(tenant.id, admin.token, 'USERS', 2);
    await api.post(`${alerts(tenant.id)}/${alert.id}/suppress`, undefined, auth(admin.token));
    const res = await api.get(`${alerts(tenant.id)}/summary`, auth(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tenantId: tenant.id, total: 2, active: 1, open: 2,
      byStatus: [{ key: 'ACTIVE', count: 1 }, { key: 'SUPPRESSED', count: 1 }],
      bySeverity: [{ key: 'CRITICAL', count: 1 }, { key: 'WARNING', count: 1 }],
      byResourceType: [{ key: 'CPU', count: 1 }, { key: 'USERS', count: 1 }],
    });
    expectEnvelope(await api.get(`${alerts(tenant.id)}/summary`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
  });
});

describe('alert rules', () => {
  it('creates (201), reads, lists, updates, disables, enables and deletes (204) a rule', async () => {
    const { tenant, admin } = await fixture();
    const created = await api.post(rules(tenant.id), rule({ ruleName: 'cpu-high' }), auth(admin.token));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ tenantId: tenant.id, ruleName: 'cpu-high', resourceType: 'CPU', condition: 'GREATER_THAN', threshold: 80, severity: 'CRITICAL', evaluationPeriod: '10s', enabled: true });
    const id = created.body.id;
    expect((await api.get(`${rules(tenant.id)}/${id}`, auth(admin.token))).body).toMatchObject({ id, ruleName: 'cpu-high' });
    expect((await api.get(rules(tenant.id), auth(admin.token))).body.map((r: any) => r.id)).toEqual([id]);
    const updated = await api.request('PUT', `${rules(tenant.id)}/${id}`, { token: admin.token, body: { threshold: 90, evaluationPeriod: '5m', severity: 'WARNING' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, ruleName: 'cpu-high', threshold: 90, evaluationPeriod: '5m', severity: 'WARNING' });
    expect((await api.post(`${rules(tenant.id)}/${id}/disable`, undefined, auth(admin.token))).body.enabled).toBe(false);
    expect((await api.post(`${rules(tenant.id)}/${id}/enable`, undefined, auth(admin.token))).body.enabled).toBe(true);
    expect((await api.request('DELETE', `${rules(tenant.id)}/${id}`, { token: admin.token })).status).toBe(204);
    expectEnvelope(await api.get(`${rules(tenant.id)}/${id}`, auth(admin.token)), 404, 'DPF-TEN-046');
    expectEnvelope(await api.request('DELETE', `${rules(tenant.id)}/${id}`, { token: admin.token }), 404, 'DPF-TEN-046');
  });

  it('refuses a duplicate name (409), also on rename', async () => {
    const { tenant, admin, otherAdmin } = await fixture();
    expect((await api.post(rules(tenant.id), rule({ ruleName: 'same' }), auth(admin.token))).status).toBe(201);
    expectEnvelope(await api.post(rules(tenant.id), rule({ ruleName: 'same' }), auth(admin.token)), 409, 'DPF-TEN-047');
    const other = await api.post(rules(tenant.id), rule({ ruleName: 'other' }), auth(admin.token));
    expectEnvelope(await api.request('PUT', `${rules(tenant.id)}/${other.body.id}`, { token: admin.token, body: { ruleName: 'same' } }), 409, 'DPF-TEN-047');
    // Names are unique per tenant: another tenant may use it.
    const otherTenantId = otherAdmin.tenantId;
    expect((await api.post(rules(otherTenantId), rule({ ruleName: 'same' }), auth(otherAdmin.token))).status).toBe(201);
  });

  it.each([
    ['an unknown condition', { condition: 'ABOVE' }, undefined],
    ['an unknown severity', { severity: 'PANIC' }, undefined],
    ['an unknown resource type', { resourceType: 'GPU' }, undefined],
    ['a period in words', { evaluationPeriod: '5 minutes' }, 'DPF-TEN-048'],
    ['a period too short', { evaluationPeriod: '1s' }, 'DPF-TEN-048'],
    ['an unknown channel', { notificationChannels: ['pager:42'] }, 'DPF-TEN-048'],
    ['a bad e-mail channel', { notificationChannels: ['email:not-an-address'] }, 'DPF-TEN-048'],
  ])('refuses %s (400)', async (_, overrides, code) => {
    const { tenant, admin } = await fixture();
    const res = await api.post(rules(tenant.id), rule(overrides), auth(admin.token));
    expect(res.status).toBe(400);
    if (code) expectEnvelope(res, 400, code);
    expect((await api.get(rules(tenant.id), auth(admin.token))).body).toEqual([]);
  });

  it('keeps rules to their tenant (404) and to administrators (401, 403)', async () => {
    const { tenant, admin, member, otherAdmin } = await fixture();
    const created = await api.post(rules(tenant.id), rule(), auth(admin.token));
    expectEnvelope(await api.get(`${rules(tenant.id)}/${created.body.id}`, auth(otherAdmin.token)), 404, 'DPF-TEN-001');
    expectEnvelope(await api.get(`${rules(otherAdmin.tenantId)}/${created.body.id}`, auth(otherAdmin.token)), 404, 'DPF-TEN-046');
    expectEnvelope(await api.post(`${rules(otherAdmin.tenantId)}/${created.body.id}/enable`, undefined, auth(otherAdmin.token)), 404, 'DPF-TEN-046');
    expectEnvelope(await api.get(rules(tenant.id)), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(rules(tenant.id), rule(), auth(member.token)), 403, 'DPF-AUTH-007');
  });

  it('raises an alert when its condition holds, notifies every channel, and the scheduled evaluator resolves it when it no longer holds', async () => {
    const { tenant, admin } = await fixture();
    await quota(tenant.id, 'MEMORY', 950, 1000);
    await use(tenant.id, admin.token, 'MEMORY', 900);
    const created = await api.post(rules(tenant.id), rule({ resourceType: 'MEMORY', threshold: 85 }), auth(admin.token));
    expect(created.status).toBe(201);
    const raised = (await api.get(`${alerts(tenant.id)}/active`, auth(admin.token))).body.filter((a: any) => a.source === 'RULE');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ ruleId: created.body.id, resourceType: 'MEMORY', severity: 'CRITICAL', currentValue: 90, threshold: 85 });
    const outbox = await query(platform.databaseUrl, `SELECT channel, recipient FROM platform.notification_outbox WHERE payload->>'alertId' = $1 ORDER BY channel`, [raised[0].id]);
    expect(outbox).toEqual([
      { channel: 'CHAT', recipient: '#alerts' },
      { channel: 'EMAIL', recipient: 'ops@e2e.test' },
      { channel: 'WEBHOOK', recipient: 'https://hooks.e2e.test/alerts' },
    ]);
    // Usage drops; once the evaluation period (10 s) has passed without a peak above 85 %, the evaluator resolves it.
    await use(tenant.id, admin.token, 'MEMORY', -800);
    const resolved = await eventually(async () => {
      const a = (await api.get(`${alerts(tenant.id)}/${raised[0].id}`, auth(admin.token))).body;
      return a.status === 'RESOLVED' ? a : undefined;
    }, 45_000);
    expect(resolved).toMatchObject({ resolutionType: 'AUTOMATIC', resolvedBy: null });
  }, 60_000);

  it('a disabled rule raises nothing', async () => {
    const { tenant, admin } = await fixture();
    await quota(tenant.id, 'MODELS', 9, 10);
    await use(tenant.id, admin.token, 'MODELS', 5);
    const created = await api.post(rules(tenant.id), rule({ resourceType: 'MODELS', threshold: 10, enabled: false }), auth(admin.token));
    expect(created.body.enabled).toBe(false);
    expect((await api.get(alerts(tenant.id), auth(admin.token))).body.data).toEqual([]);
    await api.post(`${rules(tenant.id)}/${created.body.id}/enable`, undefined, auth(admin.token));
    expect((await api.get(alerts(tenant.id), auth(admin.token))).body.data.map((a: any) => a.source)).toEqual(['RULE']);
  });
});

describe('scheduled rule evaluator', () => {
  it('evaluates due rules on schedule, and skips rounds while another process holds the evaluator lock', async () => {
    const { tenant, admin } = await fixture();
    await quota(tenant.id, 'PIPELINES', 8, 10);
    const created = await api.post(rules(tenant.id), rule({ resourceType: 'PIPELINES', threshold: 50 }), auth(admin.token));
    const evaluatedAt = async () => (await query(platform.databaseUrl, 'SELECT last_evaluated_at AS at FROM tenant.alert_rules WHERE id = $1', [created.body.id]))[0].at as Date;
    const first = await evaluatedAt();
    expect(first).toBeInstanceOf(Date);
    // Another "process" holds the evaluator's advisory lock: no round runs, the rule is not re-evaluated.
    const holder = new pg.Client({ connectionString: platform.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended('tenant.alert-rule-evaluator', 0))`);
      await new Promise((r) => setTimeout(r, 22_000));
      expect((await evaluatedAt()).getTime()).toBe(first.getTime());
      await holder.query('COMMIT');
    } finally {
      await holder.end();
    }
    // Released: the next round evaluates the (now due) rule.
    await eventually(async () => ((await evaluatedAt()).getTime() > first.getTime() ? true : undefined), 25_000);
  }, 70_000);
});
