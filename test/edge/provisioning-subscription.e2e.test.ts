import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { ApiClient } from '../harness/client';
import { query } from '../harness/database';
import { redisUrl, startEdgeTestPlatform, type EdgeTestPlatform } from '../harness/edge-replica';
import type { TestPlatform } from '../harness/platform';
import { provisionTenant, tenantAdminSession, type ProvisionedTenant } from '../harness/tenant-factories';

/**
 * graphql-ws subscription provisioningStatus(tenantId) at the edge's /graphql, with a real
 * graphql-ws client (docs/subscriptions.md). With REDIS_URL (CI) the platform publishes
 * provisioning notices on Redis and a second edge process subscribes; without it the notices
 * are PostgreSQL NOTIFYs and the two-edge test is skipped.
 */
if (!redisUrl) console.warn('provisioning-subscription.e2e: REDIS_URL is not set: the two-edge test is skipped');

let edge: EdgeTestPlatform;
let platform: TestPlatform;
let api: ApiClient;
let root: string;
let replica: EdgeTestPlatform['replica'];

beforeAll(async () => {
  edge = await startEdgeTestPlatform();
  ({ platform, api, root, replica } = edge);
}, 180_000);
afterAll(() => edge?.stop());

const SUBSCRIPTION = `subscription Follow($tenantId: ID!) {
  provisioningStatus(tenantId: $tenantId) { tenantId jobId state: progress { status percentComplete currentStep } phases { name status } }
}`;

interface Outcome {
  updates: any[];
  errors?: any[];
  closeCode?: number;
  completed: boolean;
}

/** Subscribes with a real graphql-ws client and collects until completion, an error or a close. */
function follow(baseUrl: string, tenantId: string, connectionParams?: Record<string, unknown>, timeoutMs = 45_000): Promise<Outcome> {
  const out: Outcome = { updates: [], completed: false };
  let client: Client;
  return new Promise<Outcome>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no end in time: ${JSON.stringify(out)}`)), timeoutMs);
    const done = () => {
      clearTimeout(timer);
      void client.dispose();
      resolve(out);
    };
    client = createClient({
      url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams,
      retryAttempts: 0,
      on: { closed: (e) => (out.closeCode ??= (e as { code: number }).code) },
    });
    client.subscribe(
      { query: SUBSCRIPTION, variables: { tenantId } },
      {
        next: (result) => {
          if (result.errors?.length) out.errors = [...result.errors];
          else out.updates.push(result.data!.provisioningStatus);
        },
        error: (e) => {
          if (Array.isArray(e)) out.errors = e;
          else out.closeCode ??= (e as { code?: number }).code;
          done();
        },
        complete: () => {
          out.completed = true;
          done();
        },
      },
    );
  });
}

/** Each of `steps` of the tenant's next run takes `ms` (test-only fault table). */
const slowSteps = (t: ProvisionedTenant, steps: string[], ms: number) =>
  Promise.all(steps.map((step) => query(platform.databaseUrl, 'INSERT INTO tenant.provisioning_faults (slug, step, remaining, fail, delay_ms) VALUES ($1, $2, 1, false, $3)', [t.slug, step, ms])));

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

it('is part of the composed schema (introspection)', async () => {
  const res = await api.graphql('{ __schema { subscriptionType { fields { name args { name } type { kind ofType { name } } } } } }', undefined, { token: root });
  expect(res.body.data.__schema.subscriptionType.fields).toContainEqual({ name: 'provisioningStatus', args: [{ name: 'tenantId' }], type: { kind: 'NON_NULL', ofType: { name: 'ProvisioningDetailedStatus' } } });
});

it('pushes status updates while provisioning runs and completes after COMPLETED', async () => {
  const t = await provisionTenant(api, root);
  await slowSteps(t, ['default-quotas', 'dns-record', 'ingress'], 800);
  expect((await api.post(`/api/v1/tenants/${t.id}/provisioning/reprovision`, undefined, { token: root })).status).toBe(202);
  const got = await follow(platform.baseUrl, t.id, bearer(root));
  expect(got.errors).toBeUndefined();
  expect(got.completed).toBe(true);
  expect(got.updates.length).toBeGreaterThanOrEqual(3);
  expect(got.updates[0]).toMatchObject({ tenantId: t.id, phases: expect.any(Array) });
  expect(got.updates[0].state.status).not.toBe('COMPLETED');
  expect(got.updates[got.updates.length - 1].state).toEqual({ status: 'COMPLETED', percentComplete: 100, currentStep: null });
  // notices drive updates: the steps that ran are seen one by one, not only every 2 s
  const seen = new Set(got.updates.map((u) => u.state.currentStep).filter(Boolean));
  expect(seen.size).toBeGreaterThanOrEqual(3);
}, 60_000);

it('lets a tenant admin follow the own tenant (one update when finished), with `authorization` in lower case', async () => {
  const t = await provisionTenant(api, root);
  const admin = await tenantAdminSession(api, t);
  const got = await follow(platform.baseUrl, t.id, { authorization: `Bearer ${admin.token}` });
  expect(got.completed).toBe(true);
  expect(got.updates).toHaveLength(1);
  expect(got.updates[0].state.status).toBe('COMPLETED');
});

it('refuses a connection without credentials or with a bad token (4401)', async () => {
  const t = await provisionTenant(api, root);
  expect((await follow(platform.baseUrl, t.id)).closeCode).toBe(4401);
  const bad = await follow(platform.baseUrl, t.id, bearer('not-a-token'));
  expect(bad.closeCode).toBe(4401);
  expect(bad.updates).toHaveLength(0);
});

it('refuses another tenant\'s provisioning (DPF-TEN-001), without any update', async () => {
  const [a, b] = await Promise.all([provisionTenant(api, root), provisionTenant(api, root)]);
  const adminA = await tenantAdminSession(api, a);
  const got = await follow(platform.baseUrl, b.id, bearer(adminA.token));
  expect(got.updates).toHaveLength(0);
  expect(got.errors?.[0].extensions.code).toBe('DPF-TEN-001');
});

(redisUrl ? describe : describe.skip)('two edge instances and Redis', () => {
  it('a subscriber on edge B sees the progress driven through edge A', async () => {
    const t = await provisionTenant(api, root);
    await slowSteps(t, ['default-quotas', 'dns-record', 'ingress'], 800);
    // driven through A: the reprovision request and the runner of A's tenant service
    expect((await api.post(`/api/v1/tenants/${t.id}/provisioning/reprovision`, undefined, { token: root })).status).toBe(202);
    const got = await follow(replica!.baseUrl, t.id, bearer(root));
    expect(got.errors).toBeUndefined();
    expect(got.completed).toBe(true);
    expect(got.updates[0].state.status).not.toBe('COMPLETED');
    expect(got.updates[got.updates.length - 1].state.status).toBe('COMPLETED');
    // B heard A's notices over Redis: each step shows up, faster than the 2 s poll alone would
    expect(new Set(got.updates.map((u) => u.state.currentStep).filter(Boolean)).size).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
