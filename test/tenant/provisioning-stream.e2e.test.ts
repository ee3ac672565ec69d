import { EventSource } from 'eventsource';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, tenantAdminSession } from '../harness/tenant-factories';

/** GET .../provisioning/status/stream: server-sent events read by a real SSE client (eventsource). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

const streamUrl = (tenantId: string) => `${platform.baseUrl}/api/v1/tenants/${tenantId}/provisioning/status/stream`;

interface Received {
  status: any[];
  complete?: any;
}

/** Reads the stream until `complete` (or an error) with the token as bearer. */
function readStream(tenantId: string, token: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    const got: Received = { status: [] };
    const es = new EventSource(streamUrl(tenantId), {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` } }),
    });
    const timer = setTimeout(() => { es.close(); reject(new Error('no complete event in time')); }, 30_000);
    es.addEventListener('status', (e) => got.status.push(JSON.parse(e.data)));
    es.addEventListener('complete', (e) => {
      got.complete = JSON.parse(e.data);
      clearTimeout(timer);
      es.close();
      resolve(got);
    });
    es.onerror = (e) => {
      if (got.complete) return;
      clearTimeout(timer);
      es.close();
      reject(new Error(`stream error: ${(e as any).message ?? (e as any).code}`));
    };
  });
}

it('sends `status` every 2 s while provisioning runs, then `complete`', async () => {
  const t = await provisionTenant(api, root);
  // The ingress step of the reprovision takes 5 s (test-only delay), so the stream sees progress.
  await query(platform.databaseUrl, 'INSERT INTO tenant.provisioning_faults (slug, step, remaining, fail, delay_ms) VALUES ($1, $2, 1, false, 5000)', [t.slug, 'ingress']);
  expect((await api.post(`/api/v1/tenants/${t.id}/provisioning/reprovision`, undefined, { token: root })).status).toBe(202);
  const started = Date.now();
  const got = await readStream(t.id, root);
  expect(got.status.length).toBeGreaterThanOrEqual(3);
  expect(got.status[0].progress.status).not.toBe('COMPLETED');
  expect(got.status[0]).toMatchObject({ tenantId: t.id, phases: expect.any(Array), timeline: expect.any(Object), recentEvents: expect.any(Array) });
  expect(got.status[got.status.length - 1]).toEqual(got.complete);
  expect(got.complete.progress).toEqual({ status: 'COMPLETED', percentComplete: 100, currentPhase: null, currentStep: null });
  // Updates come every 2 s: N status events need at least 2 x (N - 1) seconds.
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_000 * (got.status.length - 1) - 200);
}, 60_000);

it('ends at once with `complete` for a finished provisioning; tenant admins read their own', async () => {
  const t = await provisionTenant(api, root);
  const admin = await tenantAdminSession(api, t);
  const got = await readStream(t.id, admin.token);
  expect(got.status).toHaveLength(1);
  expect(got.complete.progress.status).toBe('COMPLETED');
});

it('answers errors as the ordinary envelope before streaming (401, 404)', async () => {
  const a = await provisionTenant(api, root);
  const b = await provisionTenant(api, root);
  const adminA = await tenantAdminSession(api, a);
  expectEnvelope(await api.get(`/api/v1/tenants/${a.id}/provisioning/status/stream`), 401, 'DPF-AUTH-001');
  expectEnvelope(await api.get(`/api/v1/tenants/${b.id}/provisioning/status/stream`, { token: adminA.token }), 404, 'DPF-TEN-001');
  const res = await fetch(streamUrl(a.id), { headers: { authorization: `Bearer ${root}`, accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const text = await res.text();
  expect(text).toMatch(/^event: status\ndata: \{.*\}\n\nevent: complete\ndata: \{.*\}\n\n$/s);
});
