import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { twoTenantFixture, userWithRoles, type Session, type TwoTenantFixture } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';

/** Spec 2 "Notification service": each user's notifications (docs/notification-service.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;
let t: TwoTenantFixture;
let memberB: Session;
const tenantA = randomUUID();
const tenantB = randomUUID();

const SEND = 'mutation($input: SendNotificationInput!) { sendNotification(input: $input) { id tenantId userId category severity title body link data source read readAt createdAt } }';
async function send(token: string, input: Record<string, unknown>) {
  return api.graphql(SEND, { input: { category: 'test.inbox', title: 'Hello', body: 'A notification', ...input } }, { token });
}
async function sent(token: string, input: Record<string, unknown>): Promise<any> {
  const res = await send(token, input);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.sendNotification;
}

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
  t = await twoTenantFixture(api, root, tenantA, tenantB);
  memberB = await userWithRoles(api, root, tenantB);
});
afterAll(() => platform?.stop());

describe('sending', () => {
  it('an admin sends to a user of the tenant; a service token with notifications:send to any tenant', async () => {
    const n = await sent(t.adminA.token, { userId: t.member.id, severity: 'WARNING', link: '/console/x', data: { k: 1 } });
    expect(n).toMatchObject({ tenantId: tenantA, userId: t.member.id, category: 'test.inbox', severity: 'WARNING', title: 'Hello', link: '/console/x', data: { k: 1 }, source: t.adminA.id, read: false, readAt: null });
    const client = `ntf-${randomUUID().slice(0, 8)}`;
    const reg = await api.post('/api/v1/service-clients', { id: client, scopes: ['notifications:send'] }, { token: root });
    expect(reg.status).toBe(201);
    const token = (await api.post('/api/v1/auth/service-token', { clientId: client, clientSecret: reg.body.clientSecret })).body.accessToken;
    const fromService = await sent(token, { tenantId: tenantB, userId: memberB.id, category: 'billing.budget' });
    expect(fromService).toMatchObject({ tenantId: tenantB, userId: memberB.id, source: client });
    // A service must name the tenant.
    expect((await send(token, { userId: memberB.id })).body.errors[0].extensions.code).toBe('DPF-API-001');
  });

  it('refuses non-admins, other tenants, unknown recipients and bad input', async () => {
    expect((await send(t.member.token, { userId: t.member.id })).body.errors[0].extensions.code).toBe('DPF-AUTH-007');
    expect((await send(t.adminA.token, { userId: memberB.id })).body.errors[0].extensions.code).toBe('DPF-NTF-005');
    expect((await send(t.adminA.token, { userId: t.member.id, tenantId: tenantB })).body.errors[0].extensions.code).toBe('DPF-AUTH-007');
    expect((await send(t.adminA.token, { userId: t.member.id, category: 'Bad Category' })).body.errors[0].extensions.code).toBe('DPF-API-001');
    expect((await send(t.adminA.token, { userId: t.member.id, link: 'javascript:alert(1)' })).body.errors[0].extensions.code).toBe('DPF-API-001');
    expect((await send(t.adminA.token, { userId: t.member.id, data: { big: 'x'.repeat(17_000) } })).body.errors[0].extensions.code).toBe('DPF-API-001');
  });
});

describe('the inbox', () => {
  let user: Session;
  beforeAll(async () => {
    user = await userWithRoles(api, root, tenantA);
  });

  it('lists the caller\'s own notifications, newest first, paginated and filtered', async () => {
    const ids = [];
    for (const title of ['one', 'two', 'three']) ids.push((await sent(t.adminA.token, { userId: user.id, title, category: title === 'two' ? 'test.other' : 'test.inbox' })).id);
    const page = await api.get('/api/v1/notifications?size=2', { token: user.token });
    expect(page.status).toBe(200);
    expect(page.body.data.map((n: any) => n.title)).toEqual(['three', 'two']);
    expect(page.body.pagination).toEqual({ page: 0, size: 2, total: 3, totalPages: 2, hasNext: true, hasPrevious: false });
    const second = await api.get('/api/v1/notifications?size=2&page=1', { token: user.token });
    expect(second.body.data.map((n: any) => n.id)).toEqual([ids[0]]);
    expect((await api.get('/api/v1/notifications?category=test.other', { token: user.token })).body.data.map((n: any) => n.title)).toEqual(['two']);
    const one = await api.get(`/api/v1/notifications/${ids[1]}`, { token: user.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: ids[1], title: 'two', read: false });
  });

  it('marks one read (idempotent), then all, and deletes', async () => {
    const a = await sent(t.adminA.token, { userId: user.id, title: 'a' });
    const read = await api.request('PUT', `/api/v1/notifications/${a.id}/read`, { token: user.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: a.id, read: true, readAt: expect.any(String) });
    const again = await api.request('PUT', `/api/v1/notifications/${a.id}/read`, { token: user.token });
    expect(again.body.readAt).toBe(read.body.readAt);
    const unread = (await api.get('/api/v1/notifications?unread=true&size=100', { token: user.token })).body.pagination.total;
    expect(unread).toBeGreaterThan(0);
    const all = await api.request('PUT', '/api/v1/notifications/read-all', { token: user.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ updated: unread });
    expect((await api.get('/api/v1/notifications?unread=true', { token: user.token })).body.pagination.total).toBe(0);
    expect((await api.request('PUT', '/api/v1/notifications/read-all', { token: user.token })).body).toEqual({ updated: 0 });
    const del = await api.request('DELETE', `/api/v1/notifications/${a.id}`, { token: user.token });
    expect(del.status).toBe(204);
    expectEnvelope(await api.get(`/api/v1/notifications/${a.id}`, { token: user.token }), 404, 'DPF-NTF-001');
    expectEnvelope(await api.request('DELETE', `/api/v1/notifications/${a.id}`, { token: user.token }), 404, 'DPF-NTF-001');
    expectEnvelope(await api.request('PUT', `/api/v1/notifications/${a.id}/read`, { token: user.token }), 404, 'DPF-NTF-001');
  });

  it("never shows, changes or deletes another user's notification (same tenant or another): 404", async () => {
    const mine = await sent(t.adminA.token, { userId: user.id, title: 'private' });
    for (const other of [t.adminA, t.member, memberB]) {
      expectEnvelope(await api.get(`/api/v1/notifications/${mine.id}`, { token: other.token }), 404, 'DPF-NTF-001');
      expectEnvelope(await api.request('PUT', `/api/v1/notifications/${mine.id}/read`, { token: other.token }), 404, 'DPF-NTF-001');
      expectEnvelope(await api.request('DELETE', `/api/v1/notifications/${mine.id}`, { token: other.token }), 404, 'DPF-NTF-001');
      const list = await api.get('/api/v1/notifications?size=100', { token: other.token });
      expect(list.body.data.map((n: any) => n.id)).not.toContain(mine.id);
    }
    await api.request('PUT', '/api/v1/notifications/read-all', { token: memberB.token });
    expect((await api.get(`/api/v1/notifications/${mine.id}`, { token: user.token })).body.read).toBe(false);
  });

  it('answers 401 without credentials, 400 on bad paging or filters, 404 on ids that are not UUIDs', async () => {
    expectEnvelope(await api.get('/api/v1/notifications'), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`/api/v1/notifications/${randomUUID()}`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.request('PUT', `/api/v1/notifications/${randomUUID()}/read`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.request('PUT', '/api/v1/notifications/read-all'), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.request('DELETE', `/api/v1/notifications/${randomUUID()}`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get('/api/v1/notifications?size=1000', { token: user.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/notifications?category=NOT%20OK', { token: user.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/notifications?unread=maybe', { token: user.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/notifications/not-a-uuid', { token: user.token }), 404, 'DPF-NTF-001');
  });
});
