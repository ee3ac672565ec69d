import { randomBytes, randomUUID } from 'node:crypto';
import { ApiClient } from '../harness/client';
import { eventually, query } from '../harness/database';
import { createUser } from '../harness/factories';
import { startPlatformAsRoot } from '../harness/root-session';
import type { TestPlatform } from '../harness/platform';

/**
 * Issue 12: one anonymous request with a NUL byte used to stop the audit trail for good (the
 * intake INSERT failed and the same batch was retried forever, everything behind it waiting
 * until the buffer overflowed and records were dropped). A record PostgreSQL cannot store
 * now enters the chain sanitised, and one it refuses for another reason is set aside in
 * audit.intake_dead_letters, visible to operators; the records behind it go on
 * (docs/audit-service.md "Dead letters").
 */
let platform: TestPlatform;
let api: ApiClient;
let root: string;
const PLATFORM_TENANT = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const requestId = (name: string) => `${name}-${randomBytes(6).toString('hex')}`;

/** The chained event of a request (the chainer writes behind): waits for it. */
async function chainedEvent(id: string): Promise<any> {
  return eventually(async () => (await query(platform.databaseUrl, 'SELECT tenant_id::text AS "tenantId", action, outcome, resource_id AS "resourceId", details FROM audit.events WHERE request_id = $1', [id]))[0], 15_000);
}

/** A failed login of an unknown address, and a new user: mutations recorded in the platform tenant's chain after the given ones. */
async function laterMutations(): Promise<{ loginRequest: string; userId: string }> {
  const loginRequest = requestId('later-login');
  expect((await api.post('/api/v1/auth/login', { email: `nobody-${randomUUID()}@e2e.test`, password: 'wrong-password' }, { headers: { 'x-request-id': loginRequest } })).status).toBe(401);
  const user = await createUser(api, root);
  return { loginRequest, userId: user.id };
}

async function expectChainIntact(): Promise<void> {
  const verify = await api.get('/api/v1/audit/verify', { token: root });
  expect(verify.status).toBe(200);
  expect(verify.body).toMatchObject({ tenantId: PLATFORM_TENANT, intact: true, firstBrokenSeq: null });
}

describe('audit intake with records PostgreSQL cannot store as they are', () => {
  it('after a login with NUL in the e-mail and DELETE /users/%00, every later mutation is recorded', async () => {
    // The exact requests of the issue: the edge now refuses both before GraphQL (docs/hardening.md),
    // so no service and no audit record sees them; records that still carry NUL (sanitised into
    // the chain) are covered by gateway/src/audit-intake.test.ts.
    const login = await api.request('POST', '/api/v1/auth/login', {
      raw: '{"email":"x\\u0000@e2e.test","password":"whatever-password"}',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId('nul-login') },
    });
    expect(login.status).toBe(400);
    expect(login.body.error.code).toBe('DPF-API-020');
    const del = await api.request('DELETE', '/api/v1/users/%00', { token: root, headers: { 'x-request-id': requestId('nul-delete') } });
    expect(del.status).toBe(400);
    expect(del.body.error.code).toBe('DPF-API-020');
    const later = await laterMutations();

    // The chain goes on: the mutations after the NUL requests are recorded.
    expect(await chainedEvent(later.loginRequest)).toMatchObject({ tenantId: PLATFORM_TENANT, action: 'login', outcome: 'FAILURE' });
    const created = await eventually(async () => (await query(platform.databaseUrl, "SELECT 1 FROM audit.events WHERE action = 'createUser' AND resource_id = $1", [later.userId]))[0], 15_000);
    expect(created).toBeDefined();
    expect(await query(platform.databaseUrl, 'SELECT id FROM audit.intake_dead_letters')).toEqual([]);

    await expectChainIntact();
    const metrics = await api.get('/internal/metrics', { token: root });
    expect(metrics.body.auditIntake).toMatchObject({ status: 'ok', deadLettered: 0, dropped: 0 });
  });

  it('sets a record the database refuses aside (row, error log, metric, /readyz) and keeps recording', async () => {
    // The database refuses one resource id (a CHECK constraint, as any refusal the writer cannot mend).
    const refused = `refused-${randomBytes(6).toString('hex')}`;
    await query(platform.databaseUrl, `ALTER TABLE audit.intake ADD CONSTRAINT e2e_refuse CHECK (resource_id IS DISTINCT FROM '${refused}') NOT VALID`);
    try {
      const refusedRequest = requestId('refused');
      const del = await api.request('DELETE', `/api/v1/users/${refused}`, { token: root, headers: { 'x-request-id': refusedRequest } });
      expect(del.status).toBe(404);
      const later = await laterMutations();

      expect(await chainedEvent(later.loginRequest)).toMatchObject({ action: 'login', outcome: 'FAILURE' });
      const [letter] = await eventually(async () => {
        const rows = await query(platform.databaseUrl, 'SELECT event_id, tenant_id, action, error, error_code, record, created_at FROM audit.intake_dead_letters');
        return rows.length ? rows : undefined;
      });
      expect(letter).toMatchObject({ tenant_id: PLATFORM_TENANT, action: 'deleteUser', error_code: '23514', error: expect.stringMatching(/e2e_refuse/) });
      expect(JSON.parse(letter.record)).toMatchObject({ eventId: letter.event_id, requestId: refusedRequest, resourceId: refused, outcome: 'FAILURE' });
      expect(letter.created_at).toBeInstanceOf(Date);
      expect(await query(platform.databaseUrl, 'SELECT 1 FROM audit.events WHERE request_id = $1', [refusedRequest])).toEqual([]);

      const metrics = await api.get('/internal/metrics', { token: root });
      expect(metrics.body.auditIntake).toMatchObject({ status: 'ok', deadLettered: 1, dropped: 0, buffered: 0, written: expect.any(Number) });
      const ready = await api.get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.auditIntake).toEqual({ status: 'ok', buffered: 0, deadLettered: 1, dropped: 0 });
      expect(platform.output()).toContain('audit record refused by the database: set aside in audit.intake_dead_letters');
      await expectChainIntact();
    } finally {
      await query(platform.databaseUrl, 'ALTER TABLE audit.intake DROP CONSTRAINT IF EXISTS e2e_refuse');
    }
  });

  it('an intake row whose event is already chained (a retried INSERT) is skipped, not retried for ever', async () => {
    const user = await createUser(api, root);
    const [chained] = await eventually(async () => {
      const rows = await query(platform.databaseUrl, "SELECT id::text AS id, seq::int AS seq FROM audit.events WHERE action = 'createUser' AND resource_id = $1", [user.id]);
      return rows.length ? rows : undefined;
    });
    await query(
      platform.databaseUrl,
      `INSERT INTO audit.intake (event_id, tenant_id, occurred_at, actor_kind, actor_id, actor_roles, action, category, resource_type, resource_id, outcome, request_id, details)
       SELECT id, tenant_id, occurred_at, actor_kind, actor_id, actor_roles, action, category, resource_type, resource_id, outcome, request_id, details FROM audit.events WHERE id = $1::uuid`,
      [chained.id],
    );
    const later = await laterMutations();
    expect(await chainedEvent(later.loginRequest)).toMatchObject({ action: 'login', outcome: 'FAILURE' });
    expect(await query(platform.databaseUrl, 'SELECT seq::int AS seq FROM audit.events WHERE id = $1::uuid', [chained.id])).toEqual([{ seq: chained.seq }]);
    await expectChainIntact();
  });
});
