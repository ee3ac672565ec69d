import { randomUUID } from 'node:crypto';
import { insertIntake, waitForAuditEvents, waitForChainHead } from '../harness/audit-factories';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { createUser } from '../harness/factories';
import { createRole, userWithRoles, type Session } from '../harness/identity-factories';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort, startPlatform, type TestPlatform } from '../harness/platform';
import { provisionTenant, type ProvisionedTenant } from '../harness/tenant-factories';

/** Audit service (spec 2 "Audit service", docs/audit-service.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;
let rootUserId: string;
let tenantA: ProvisionedTenant;
let tenantB: ProvisionedTenant;
let adminA: Session;
let auditorA: Session;
let memberA: Session;
let auditorB: Session;
let adminB: Session;

const A = '/api/v1/audit';
const as = (s: Session | string) => ({ token: typeof s === 'string' ? s : s.token });

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  const login = await api.login(platform.adminEmail, platform.adminPassword);
  root = login.accessToken;
  rootUserId = login.user.id;
  [tenantA, tenantB] = await Promise.all([provisionTenant(api, root), provisionTenant(api, root)]);
  [adminA, auditorA, memberA, auditorB, adminB] = await Promise.all([
    userWithRoles(api, root, tenantA.id, ['ADMIN']),
    userWithRoles(api, root, tenantA.id, ['AUDITOR']),
    userWithRoles(api, root, tenantA.id),
    userWithRoles(api, root, tenantB.id, ['AUDITOR']),
    userWithRoles(api, root, tenantB.id, ['ADMIN']),
  ]);
}, 120_000);
afterAll(() => platform?.stop());

describe('automatic recording of mutations in other subgraphs', () => {
  let user: { id: string; email: string };
  let roleId: number;
  let keyId: string;
  let apiKey: string;
  const badPassword = `wrong-${randomUUID()}`;

  beforeAll(async () => {
    user = await createUser(api, adminA.token, { tenantId: tenantA.id });
    roleId = await createRole(api, adminA.token, tenantA.id);
    expect((await api.request('PUT', `/api/v1/roles/${roleId}`, { token: adminA.token, body: { name: `AUD_${randomUUID().slice(0, 6)}`, description: 'renamed' } })).status).toBe(200);
    const key = await api.post('/api/v1/api-keys', { name: 'audit-ci', scopes: ['profile:read'] }, as(adminA));
    expect(key.status).toBe(201);
    ({ keyId, apiKey } = key.body);
    const quota = await api.post(`/api/v1/tenants/${tenantA.id}/quotas`, { resourceType: 'STORAGE', softLimit: 50, hardLimit: 100, unit: 'GiB', enforcementMode: 'HARD' }, as(root));
    expect(quota.status).toBe(200);
    expectEnvelope(await api.post('/api/v1/auth/login', { email: user.email, password: badPassword }), 401);
  }, 60_000);

  it('records createUser with actor, tenant, action, resource, request facts and redacted input', async () => {
    const [e] = await waitForAuditEvents(api, auditorA.token, { action: 'createUser', resourceId: user.id });
    expect(e).toMatchObject({
      tenantId: tenantA.id, action: 'createUser', category: 'ACCESS_CONTROL', outcome: 'SUCCESS', errorCode: null,
      actorKind: 'access_token', userId: adminA.id, actorTenantId: tenantA.id, actorRoles: ['ADMIN'],
      resourceType: 'User', resourceId: user.id, ipAddress: expect.any(String), requestId: expect.any(String), userAgent: expect.any(String),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/), prevHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(e.details.input.input).toMatchObject({ email: user.email, password: '[REDACTED]' });
    expect(e.details.after).toMatchObject({ id: user.id, email: user.email });
  });

  it('records updateRole, createApiKey (never its secret) and a platform admin changing a quota of the tenant', async () => {
    const [role] = await waitForAuditEvents(api, auditorA.token, { action: 'updateRole' });
    expect(role).toMatchObject({ userId: adminA.id, resourceType: 'Role', resourceId: String(roleId), outcome: 'SUCCESS' });
    const [key] = await waitForAuditEvents(api, auditorA.token, { action: 'createApiKey' });
    expect(key).toMatchObject({ userId: adminA.id, resourceType: 'ApiKey', resourceId: String(keyId), outcome: 'SUCCESS' });
    expect(key.details.after.apiKey).toBe('[REDACTED]');
    expect(JSON.stringify(key)).not.toContain(apiKey);
    const [quota] = await waitForAuditEvents(api, auditorA.token, { action: 'upsertQuota' });
    expect(quota).toMatchObject({ tenantId: tenantA.id, userId: rootUserId, actorRoles: expect.arrayContaining(['PLATFORM_ADMIN']), resourceType: 'Quota', category: 'CHANGE' });
    expect(quota.actorTenantId).not.toBe(tenantA.id);
  });

  it('records a failed login as a FAILURE of the tenant of the e-mail, keeping the e-mail only hashed', async () => {
    const [e] = await waitForAuditEvents(api, auditorA.token, { action: 'login', outcome: 'FAILURE', resourceId: user.id });
    expect(e).toMatchObject({ tenantId: tenantA.id, category: 'AUTHENTICATION', outcome: 'FAILURE', errorCode: 'DPF-IAM-001', actorKind: 'anonymous', resourceType: 'User', resourceId: user.id });
    expect(e.details.input.input.emailHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(e)).not.toContain(user.email);
    expect(JSON.stringify(e)).not.toContain(badPassword);
    const rows = await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM audit.events WHERE details::text LIKE $1', [`%${badPassword}%`]);
    expect(rows[0].n).toBe(0);
  });

  it('records successful logins with the user as actor', async () => {
    const events = await waitForAuditEvents(api, auditorA.token, { action: 'login', outcome: 'SUCCESS', userId: auditorA.id });
    expect(events[0]).toMatchObject({ tenantId: tenantA.id, resourceType: 'User', resourceId: auditorA.id, category: 'AUTHENTICATION' });
    expect(JSON.stringify(events[0])).not.toMatch(/eyJ[\w-]+\.[\w-]+\./); // no token in the log
  });

  it('serves one event, the events of a user and of a resource (404 where unknown)', async () => {
    const [e] = await waitForAuditEvents(api, auditorA.token, { action: 'createUser', resourceId: user.id });
    const one = await api.get(`${A}/events/${e.id}`, as(auditorA));
    expect(one.status).toBe(200);
    expect(one.body).toEqual(e);
    expectEnvelope(await api.get(`${A}/events/${randomUUID()}`, as(auditorA)), 404, 'DPF-AUD-001');
    expectEnvelope(await api.get(`${A}/events/not-a-uuid`, as(auditorA)), 404, 'DPF-AUD-001');

    const mine = await api.get(`${A}/users/${adminA.id}/events?size=100`, as(auditorA));
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((x: any) => x.action)).toEqual(expect.arrayContaining(['createUser', 'updateRole', 'createApiKey']));
    expect(mine.body.data.every((x: any) => x.userId === adminA.id)).toBe(true);
    const quiet = await api.get(`${A}/users/${memberA.id}/events?action=createUser`, as(auditorA));
    expect(quiet.status).toBe(200);
    expect(quiet.body.data).toEqual([]);
    expectEnvelope(await api.get(`${A}/users/${randomUUID()}/events`, as(auditorA)), 404, 'DPF-AUD-004');

    const res = await api.get(`${A}/resources/User/${user.id}`, as(auditorA));
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: any) => x.action)).toEqual(expect.arrayContaining(['createUser', 'login']));
    expectEnvelope(await api.get(`${A}/resources/User/${randomUUID()}`, as(auditorA)), 404, 'DPF-AUD-005');
  });

  it('filters by action, date range, outcome and pages in the list envelope', async () => {
    const all = await api.get(`${A}/events?size=2`, as(auditorA));
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(['data', 'pagination']);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.data[0].seq).toBeGreaterThan(all.body.data[1].seq);
    expect(all.body.pagination).toMatchObject({ page: 0, size: 2, hasNext: true });
    const future = await api.get(`${A}/events?startDate=2999-01-01`, as(auditorA));
    expect(future.body.data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await api.get(`${A}/events?startDate=${today}&endDate=2999-01-01T00:00:00Z&outcome=failure`, as(auditorA));
    expect(ranged.status).toBe(200);
    expect(ranged.body.data.length).toBeGreaterThan(0);
    expect(ranged.body.data.every((x: any) => x.outcome === 'FAILURE')).toBe(true);
  });
});

describe('access', () => {
  const reads = () => [
    `${A}/events`, `${A}/events/${randomUUID()}`, `${A}/events/export`, `${A}/users/${randomUUID()}/events`, `${A}/resources/User/x`,
    `${A}/compliance/reports`, `${A}/compliance/reports/${randomUUID()}`, `${A}/retention/policies`, `${A}/verify`,
  ];

  it('answers 401 without a token and 403 to a plain user on every endpoint', async () => {
    for (const path of reads()) {
      expectEnvelope(await api.get(path), 401, 'DPF-AUTH-001');
      expectEnvelope(await api.get(path, as(memberA)), 403, 'DPF-AUTH-007');
    }
    const body = { type: 'ALL_ACTIVITY', startDate: '2026-01-01', endDate: '2026-02-01' };
    expectEnvelope(await api.post(`${A}/compliance/reports`, body), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post(`${A}/compliance/reports`, body, as(memberA)), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('PUT', `${A}/retention/policies/${randomUUID()}`, { body: { retentionDays: 90 } }), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.request('PUT', `${A}/retention/policies/${randomUUID()}`, { ...as(memberA), body: { retentionDays: 90 } }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('PUT', `${A}/retention/policies/${randomUUID()}`, { ...as(auditorA), body: { retentionDays: 90 } }), 403, 'DPF-AUTH-007');
  });

  it('lets the tenant Admin read too', async () => {
    expect((await api.get(`${A}/events`, as(adminA))).status).toBe(200);
  });

  it('answers 400 to bad filters', async () => {
    expectEnvelope(await api.get(`${A}/events?startDate=yesterday`, as(auditorA)), 400, 'DPF-AUD-002');
    expectEnvelope(await api.get(`${A}/events?startDate=2026-02-01&endDate=2026-01-01`, as(auditorA)), 400, 'DPF-AUD-002');
    expectEnvelope(await api.get(`${A}/events?outcome=MAYBE`, as(auditorA)), 400, 'DPF-AUD-002');
    expectEnvelope(await api.get(`${A}/events?size=1000`, as(auditorA)), 400, 'DPF-API-001');
    expectEnvelope(await api.get(`${A}/events?page=x`, as(auditorA)), 400, 'DPF-API-001');
    expectEnvelope(await api.get(`${A}/events/export?format=xml`, as(auditorA)), 400, 'DPF-AUD-003');
    expectEnvelope(await api.get(`${A}/events/export?endDate=soon`, as(auditorA)), 400, 'DPF-AUD-002');
  });

  it("keeps each tenant's log to itself", async () => {
    const [eventA] = await waitForAuditEvents(api, auditorA.token, {});
    const listB = await api.get(`${A}/events?size=100`, as(auditorB));
    expect(listB.status).toBe(200);
    expect(listB.body.data.length).toBeGreaterThan(0);
    expect(listB.body.data.every((e: any) => e.tenantId === tenantB.id)).toBe(true);
    expectEnvelope(await api.get(`${A}/events/${eventA.id}`, as(auditorB)), 404, 'DPF-AUD-001');
    expectEnvelope(await api.get(`${A}/users/${adminA.id}/events`, as(auditorB)), 404, 'DPF-AUD-004');
    // A platform admin reads a tenant's log with X-Tenant-ID.
    const viaHeader = await api.get(`${A}/events/${eventA.id}`, { token: root, headers: { 'x-tenant-id': tenantA.id } });
    expect(viaHeader.status).toBe(200);
    // A tenant admin cannot pick another tenant with the header.
    expect((await api.get(`${A}/events`, { token: adminA.token, headers: { 'x-tenant-id': tenantB.id } })).status).toBe(403);
  });
});

describe('hash chain', () => {
  it('verifies intact, detects a changed event, and refuses UPDATE and DELETE on the log', async () => {
    const t = await provisionTenant(api, root);
    const auditor = await userWithRoles(api, root, t.id, ['AUDITOR']);
    await userWithRoles(api, root, t.id);
    await waitForAuditEvents(api, auditor.token, {}, 3);
    const ok = await api.get(`${A}/verify`, as(auditor));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ tenantId: t.id, intact: true, firstBrokenSeq: null, checkpointSeq: 0 });
    expect(ok.body.eventsChecked).toBe(ok.body.headSeq);
    expect(ok.body.headSeq).toBeGreaterThanOrEqual(3);

    await expect(query(platform.databaseUrl, "UPDATE audit.events SET action = 'x' WHERE tenant_id = $1 AND seq = 2", [t.id])).rejects.toThrow(/append-only/);
    await expect(query(platform.databaseUrl, 'DELETE FROM audit.events WHERE tenant_id = $1', [t.id])).rejects.toThrow(/append-only/);
    await expect(query(platform.databaseUrl, 'TRUNCATE audit.events')).rejects.toThrow(/append-only/);

    await query(
      platform.databaseUrl,
      `DO $$ BEGIN
         ALTER TABLE audit.events DISABLE TRIGGER events_append_only;
         UPDATE audit.events SET resource_id = 'tampered' WHERE tenant_id = '${t.id}' AND seq = 2;
         ALTER TABLE audit.events ENABLE TRIGGER events_append_only;
       END $$`,
    );
    const broken = await api.get(`${A}/verify`, as(auditor));
    expect(broken.body).toMatchObject({ intact: false, firstBrokenSeq: 2, eventsChecked: 1 });
    expect(broken.body.reason).toMatch(/changed/);
    // Other tenants' chains are not affected.
    expect((await api.get(`${A}/verify`, as(auditorA))).body.intact).toBe(true);
  });
});

describe('retention', () => {
  it('lists one policy per category (365 days by default); Admin changes one (30 to 3650 days)', async () => {
    const list = await api.get(`${A}/retention/policies`, as(auditorA));
    expect(list.status).toBe(200);
    expect(list.body.map((p: any) => p.category)).toEqual(['ACCESS_CONTROL', 'AUTHENTICATION', 'CHANGE']);
    expect(list.body.every((p: any) => p.retentionDays === 365 && p.tenantId === tenantA.id)).toBe(true);
    const id = list.body[1].id;
    const put = await api.request('PUT', `${A}/retention/policies/${id}`, { ...as(adminA), body: { retentionDays: 90 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, category: 'AUTHENTICATION', retentionDays: 90, updatedBy: adminA.id });
    expectEnvelope(await api.request('PUT', `${A}/retention/policies/${id}`, { ...as(adminA), body: { retentionDays: 29 } }), 400, 'DPF-AUD-009');
    expectEnvelope(await api.request('PUT', `${A}/retention/policies/${id}`, { ...as(adminA), body: { retentionDays: 3651 } }), 400, 'DPF-AUD-009');
    expectEnvelope(await api.request('PUT', `${A}/retention/policies/${id}`, { ...as(adminA), body: { retentionDays: 'long' } }), 400, 'DPF-API-001');
    expectEnvelope(await api.request('PUT', `${A}/retention/policies/${randomUUID()}`, { ...as(adminA), body: { retentionDays: 90 } }), 404, 'DPF-AUD-008');
    expectEnvelope(await api.request('PUT', `${A}/retention/policies/${id}`, { ...as(adminB), body: { retentionDays: 90 } }), 404, 'DPF-AUD-008');
    // The change itself is audited.
    const [e] = await waitForAuditEvents(api, auditorA.token, { action: 'updateAuditRetentionPolicy', outcome: 'SUCCESS', userId: adminA.id });
    expect(e).toMatchObject({ resourceType: 'RetentionPolicy', resourceId: id, category: 'CHANGE' });
    const refused = await waitForAuditEvents(api, auditorA.token, { action: 'updateAuditRetentionPolicy', outcome: 'FAILURE', userId: adminA.id }, 4);
    expect(refused.map((x: any) => x.errorCode)).toEqual(expect.arrayContaining(['DPF-AUD-009', 'DPF-AUD-008']));
  });

  it('purges the expired prefix of the chain and keeps it verifiable from the checkpoint', async () => {
    const t = await provisionTenant(api, root);
    await insertIntake(platform.databaseUrl, t.id, 5, 400, 'oldChange');
    expect(await waitForChainHead(platform.databaseUrl, t.id, 5)).toBe(5);
    const [admin, auditor] = await Promise.all([userWithRoles(api, root, t.id, ['ADMIN']), userWithRoles(api, root, t.id, ['AUDITOR'])]);
    await waitForAuditEvents(api, auditor.token, { action: 'createUser' }, 2);
    const purge = await api.post(`${A}/retention/purge`, undefined, as(admin));
    expect(purge.status).toBe(200);
    expect(purge.body).toEqual({ tenantId: t.id, purged: 5, checkpointSeq: 5 });
    const again = await api.post(`${A}/retention/purge`, undefined, as(admin));
    expect(again.body.purged).toBe(0);
    expect((await api.get(`${A}/events?action=oldChange`, as(auditor))).body.data).toEqual([]);
    const v = await api.get(`${A}/verify`, as(auditor));
    expect(v.body).toMatchObject({ intact: true, checkpointSeq: 5 });
    expect(v.body.eventsChecked).toBe(v.body.headSeq - 5);
    expectEnvelope(await api.post(`${A}/retention/purge`, undefined, as(auditor)), 403, 'DPF-AUTH-007');
  });
});

describe('compliance reports', () => {
  const period = () => ({ startDate: new Date(Date.now() - 86_400_000).toISOString(), endDate: new Date(Date.now() + 86_400_000).toISOString() });

  it('queues a report, builds it in the background and serves it (list and one)', async () => {
    expectEnvelope(await api.post('/api/v1/auth/login', { email: memberA.email, password: 'not-the-password-1' }), 401);
    await waitForAuditEvents(api, auditorA.token, { action: 'login', outcome: 'FAILURE', resourceId: memberA.id });
    const created = await api.post(`${A}/compliance/reports`, { type: 'FAILED_LOGINS', ...period() }, as(auditorA));
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ type: 'FAILED_LOGINS', status: 'QUEUED', tenantId: tenantA.id, requestedBy: auditorA.id });
    let report: any;
    for (let i = 0; i < 50; i++) {
      report = (await api.get(`${A}/compliance/reports/${created.body.id}`, as(auditorA))).body;
      if (report.status === 'COMPLETED' || report.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(report.status).toBe('COMPLETED');
    expect(report.summary.totalEvents).toBeGreaterThanOrEqual(2);
    expect(report.summary.byOutcome).toEqual({ FAILURE: report.summary.totalEvents });
    expect(report.rows.map((r: any) => r.resourceId)).toEqual(expect.arrayContaining([memberA.id]));
    expect(report.rows.every((r: any) => r.action === 'login')).toBe(true);

    const list = await api.get(`${A}/compliance/reports?type=FAILED_LOGINS`, as(auditorA));
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.id)).toContain(created.body.id);
    expect(list.body.data[0].rows).toBeUndefined();
    expectEnvelope(await api.get(`${A}/compliance/reports/${created.body.id}`, as(auditorB)), 404, 'DPF-AUD-006');
    expect((await api.get(`${A}/compliance/reports`, as(auditorB))).body.data.map((r: any) => r.id)).not.toContain(created.body.id);
  });

  it('answers 400 to a bad request and 404 to an unknown report', async () => {
    expectEnvelope(await api.post(`${A}/compliance/reports`, { type: 'NOPE', ...period() }, as(auditorA)), 400, 'DPF-AUD-007');
    expectEnvelope(await api.post(`${A}/compliance/reports`, { type: 'ALL_ACTIVITY', startDate: 'x', endDate: '2026-01-01' }, as(auditorA)), 400, 'DPF-AUD-007');
    expectEnvelope(await api.post(`${A}/compliance/reports`, { type: 'ALL_ACTIVITY', startDate: '2026-02-01', endDate: '2026-01-01' }, as(auditorA)), 400, 'DPF-AUD-007');
    expectEnvelope(await api.post(`${A}/compliance/reports`, { type: 'ALL_ACTIVITY', startDate: '2024-01-01', endDate: '2026-01-01' }, as(auditorA)), 400, 'DPF-AUD-007');
    expectEnvelope(await api.post(`${A}/compliance/reports`, { type: 'ALL_ACTIVITY' }, as(auditorA)), 400, 'DPF-API-001');
    expectEnvelope(await api.get(`${A}/compliance/reports/${randomUUID()}`, as(auditorA)), 404, 'DPF-AUD-006');
    expectEnvelope(await api.get(`${A}/compliance/reports/nope`, as(auditorA)), 404, 'DPF-AUD-006');
  });
});

describe('export', () => {
  it('streams every event of the tenant as RFC 4180 CSV and as one JSON array, oldest first', async () => {
    const total = (await api.get(`${A}/events?size=1`, as(auditorA))).body.pagination.total;
    const csv = await api.get(`${A}/events/export`, as(auditorA));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-events-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers.get('transfer-encoding')).toBe('chunked');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('seq,id,timestamp,actorKind,userId,actorTenantId,actorRoles,action,category,resourceType,resourceId,outcome,errorCode,requestId,ipAddress,userAgent,details,prevHash,hash');
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toMatch(/^1,/);
    expect(csv.text).toContain('"{""input"":');

    const json = await api.get(`${A}/events/export?format=json`, as(auditorA));
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.body.length).toBeGreaterThanOrEqual(total);
    expect(json.body.map((e: any) => e.seq)).toEqual(json.body.map((_: any, i: number) => i + 1));
    expect(json.body.every((e: any) => e.tenantId === tenantA.id)).toBe(true);

    const filtered = await api.get(`${A}/events/export?format=json&action=createApiKey`, as(auditorA));
    expect(filtered.body.length).toBe(1);
  });
});

describe('chainer replicas', () => {
  it('keeps every chain gapless and intact while a second audit process chains the same intake', async () => {
    const port = await freePort();
    // IDENTITY_URL is required on its own; the synthetic intake has no failed logins to look up there.
    const second = spawn(process.execPath, [resolve(__dirname, '..', '..', 'packages', 'launcher', 'dist', 'subgraph-main.js'), 'audit'], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', AUDIT_PORT: String(port), DATABASE_URL: platform.databaseUrl, JWT_SECRET: platform.jwtSecret, AUDIT_CHAIN_INTERVAL: '20ms', IDENTITY_URL: 'http://127.0.0.1:9/graphql' },
      stdio: 'ignore',
    });
    try {
      let up = false;
      for (let i = 0; i < 100 && !up; i++) {
        up = (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status === 200;
        if (!up) await new Promise((r) => setTimeout(r, 200));
      }
      expect(up).toBe(true);
      const [t1, t2] = await Promise.all([provisionTenant(api, root), provisionTenant(api, root)]);
      // Interleaved batches for two tenants while both processes claim intake rows.
      for (let i = 0; i < 6; i++) await Promise.all([insertIntake(platform.databaseUrl, t1.id, 1000), insertIntake(platform.databaseUrl, t2.id, 1000)]);
      expect(await waitForChainHead(platform.databaseUrl, t1.id, 6000, 60_000)).toBe(6000);
      expect(await waitForChainHead(platform.databaseUrl, t2.id, 6000, 60_000)).toBe(6000);
      const rows = await query(platform.databaseUrl, 'SELECT tenant_id::text AS t, count(*)::int AS n, min(seq)::int AS lo, max(seq)::int AS hi FROM audit.events WHERE tenant_id = ANY($1::uuid[]) GROUP BY tenant_id', [[t1.id, t2.id]]);
      expect(rows.map((r) => [r.n, r.lo, r.hi])).toEqual([[6000, 1, 6000], [6000, 1, 6000]]);
      for (const t of [t1, t2]) {
        const v = await api.get(`${A}/verify`, { token: root, headers: { 'x-tenant-id': t.id } });
        expect(v.body).toMatchObject({ tenantId: t.id, intact: true, eventsChecked: 6000, headSeq: 6000 });
      }
    } finally {
      second.kill('SIGTERM');
    }
  }, 120_000);
});
