import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { twoTenantFixture, type TwoTenantFixture } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';

/** Spec 2 "Notification service": channels and delivery through the outbox (docs/notification-service.md). */
let platform: TestPlatform;
let api: ApiClient;
let root: string;
let t: TwoTenantFixture;
const tenantA = randomUUID();
const tenantB = randomUUID();
const name = (p: string) => `${p}-${randomUUID().slice(0, 8)}`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: answers the statuses given in turn (then 200), keeps every request. */
async function receiver(statuses: number[]): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/dataplat`, received, server };
}

const SEND = 'mutation($input: SendNotificationInput!) { sendNotification(input: $input) { id } }';
async function send(category: string, title = 'Budget crossed'): Promise<string> {
  const res = await api.graphql(SEND, { input: { userId: t.member.id, category, title, body: 'Your tenant used 80 % of its budget', severity: 'WARNING' } }, { token: t.adminA.token });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.sendNotification.id;
}

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot({ env: { NOTIFICATION_RETRY_BASE: '1s' } }));
  t = await twoTenantFixture(api, root, tenantA, tenantB);
});
afterAll(() => platform?.stop());

describe('channels', () => {
  it('creates webhook, chat and e-mail channels; the signing secret once, sealed at rest', async () => {
    const hook = await api.post('/api/v1/notifications/channels', { name: name('hook'), kind: 'WEBHOOK', url: 'https://hooks.example.com/dataplat', categories: ['billing.budget'] }, { token: t.adminA.token });
    expect(hook.status).toBe(201);
    expect(hook.body).toMatchObject({ tenantId: tenantA, kind: 'WEBHOOK', enabled: true, url: 'https://hooks.example.com/dataplat', recipients: [], categories: ['billing.budget'], createdBy: t.adminA.id });
    expect(hook.body.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const chat = await api.post('/api/v1/notifications/channels', { name: name('chat'), kind: 'CHAT', url: 'https://chat.example.com/hooks/abc' }, { token: t.adminA.token });
    expect(chat.status).toBe(201);
    expect(chat.body.signingSecret).toMatch(/^whsec_/);
    const mail = await api.post('/api/v1/notifications/channels', { name: name('mail'), kind: 'EMAIL', recipients: ['Ops@Example.com', 'ops@example.com', 'sre@example.org'] }, { token: t.adminA.token });
    expect(mail.status).toBe(201);
    expect(mail.body).toMatchObject({ kind: 'EMAIL', url: null, recipients: ['ops@example.com', 'sre@example.org'], signingSecret: null });

    const one = await api.get(`/api/v1/notifications/channels/${hook.body.id}`, { token: t.adminA.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: hook.body.id, signingSecret: null });
    const list = await api.get('/api/v1/notifications/channels?size=100', { token: t.adminA.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: any) => c.id)).toEqual(expect.arrayContaining([hook.body.id, chat.body.id, mail.body.id]));
    expect(list.text).not.toContain('whsec_');
    expect((await api.get('/api/v1/notifications/channels?kind=EMAIL&size=100', { token: t.adminA.token })).body.data.every((c: any) => c.kind === 'EMAIL')).toBe(true);
    const [row] = await query(platform.databaseUrl, 'SELECT secret_sealed FROM notification.channels WHERE id = $1', [hook.body.id]);
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(hook.body.signingSecret.slice(6));

    expect((await api.request('DELETE', `/api/v1/notifications/channels/${chat.body.id}`, { token: t.adminA.token })).status).toBe(204);
    expectEnvelope(await api.get(`/api/v1/notifications/channels/${chat.body.id}`, { token: t.adminA.token }), 404, 'DPF-NTF-002');
    expectEnvelope(await api.request('DELETE', `/api/v1/notifications/channels/${chat.body.id}`, { token: t.adminA.token }), 404, 'DPF-NTF-002');
  });

  it('validates the configuration of each kind (400) and refuses a duplicate name (409), storing nothing', async () => {
    const bad = name('bad');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'WEBHOOK', url: 'http://hooks.example.com/x' }, 'DPF-NTF-004'],
      [{ kind: 'WEBHOOK', url: 'https://user:pw@hooks.example.com/x' }, 'DPF-NTF-004'],
      [{ kind: 'WEBHOOK' }, 'DPF-NTF-004'],
      [{ kind: 'CHAT', url: 'not a url' }, 'DPF-NTF-004'],
      [{ kind: 'EMAIL', recipients: [] }, 'DPF-NTF-004'],
      [{ kind: 'EMAIL', recipients: ['not-an-address'] }, 'DPF-NTF-004'],
      [{ kind: 'EMAIL', recipients: ['a@example.com'], url: 'https://x.example.com' }, 'DPF-NTF-004'],
      [{ kind: 'SMS', url: 'https://x.example.com' }, 'DPF-API-001'],
      [{ kind: 'WEBHOOK', url: 'https://x.example.com', categories: ['Not OK'] }, 'DPF-API-001'],
    ];
    for (const [body, code] of cases) expectEnvelope(await api.post('/api/v1/notifications/channels', { name: bad, ...body }, { token: t.adminA.token }), 400, code);
    expectEnvelope(await api.post('/api/v1/notifications/channels', { kind: 'WEBHOOK', url: 'https://x.example.com' }, { token: t.adminA.token }), 400, 'DPF-API-001');
    const rows = await query(platform.databaseUrl, 'SELECT count(*)::int AS n FROM notification.channels WHERE name = $1', [bad]);
    expect(rows[0].n).toBe(0);
    const dup = name('dup');
    expect((await api.post('/api/v1/notifications/channels', { name: dup, kind: 'WEBHOOK', url: 'https://x.example.com' }, { token: t.adminA.token })).status).toBe(201);
    expectEnvelope(await api.post('/api/v1/notifications/channels', { name: dup, kind: 'CHAT', url: 'https://y.example.com' }, { token: t.adminA.token }), 409, 'DPF-NTF-003');
    expect((await api.post('/api/v1/notifications/channels', { name: dup, kind: 'WEBHOOK', url: 'https://x.example.com' }, { token: t.adminB.token })).status).toBe(201);
  });

  it('keeps channels to administrators of their tenant (401, 403, 404 across tenants)', async () => {
    const mine = await api.post('/api/v1/notifications/channels', { name: name('iso'), kind: 'WEBHOOK', url: 'https://x.example.com' }, { token: t.adminA.token });
    expectEnvelope(await api.get('/api/v1/notifications/channels'), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post('/api/v1/notifications/channels', { name: 'x', kind: 'WEBHOOK', url: 'https://x.example.com' }), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`/api/v1/notifications/channels/${mine.body.id}/deliveries`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get('/api/v1/notifications/channels', { token: t.member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post('/api/v1/notifications/channels', { name: 'x', kind: 'WEBHOOK', url: 'https://x.example.com' }, { token: t.member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('DELETE', `/api/v1/notifications/channels/${mine.body.id}`, { token: t.member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.get(`/api/v1/notifications/channels/${mine.body.id}`, { token: t.adminB.token }), 404, 'DPF-NTF-002');
    expectEnvelope(await api.get(`/api/v1/notifications/channels/${mine.body.id}/deliveries`, { token: t.adminB.token }), 404, 'DPF-NTF-002');
    expectEnvelope(await api.request('DELETE', `/api/v1/notifications/channels/${mine.body.id}`, { token: t.adminB.token }), 404, 'DPF-NTF-002');
    expect((await api.get('/api/v1/notifications/channels?size=100', { token: t.adminB.token })).body.data.map((c: any) => c.id)).not.toContain(mine.body.id);
    expectEnvelope(await api.get('/api/v1/notifications/channels/not-a-uuid', { token: t.adminA.token }), 404, 'DPF-NTF-002');
    expect((await api.get(`/api/v1/notifications/channels/${mine.body.id}`, { token: t.adminA.token })).status).toBe(200);
  });
});

describe('delivery', () => {
  it('POSTs a signed webhook to a local receiver, retries after it fails once, and records both attempts', async () => {
    const rx = await receiver([500]);
    try {
      const category = `test.hook-${randomUUID().slice(0, 6)}`;
      const created = await api.post('/api/v1/notifications/channels', { name: name('rx'), kind: 'WEBHOOK', url: rx.url, categories: [category] }, { token: t.adminA.token });
      expect(created.status).toBe(201);
      const secret: string = created.body.signingSecret;
      const other = await api.post('/api/v1/notifications/channels', { name: name('other'), kind: 'WEBHOOK', url: rx.url, categories: ['test.unrelated'] }, { token: t.adminA.token });
      const notificationId = await send(category);

      const path = `/api/v1/notifications/channels/${created.body.id}/deliveries`;
      const res = await until(() => api.get(path, { token: t.adminA.token }), (r) => r.body.data?.[0]?.status === 'DELIVERED');
      expect(res.status).toBe(200);
      const [delivery] = res.body.data;
      expect(delivery).toMatchObject({ channelId: created.body.id, notificationId, status: 'DELIVERED', attempts: 2, lastError: null, deliveredAt: expect.any(String) });
      expect(delivery.attemptLog).toEqual([
        { attempt: 1, status: 'FAILED', responseCode: 500, latencyMs: expect.any(Number), error: 'HTTP 500', createdAt: expect.any(String) },
        { attempt: 2, status: 'SUCCEEDED', responseCode: 200, latencyMs: expect.any(Number), error: null, createdAt: expect.any(String) },
      ]);
      // The second attempt waited for the backoff (base 1 s).
      expect(Date.parse(delivery.attemptLog[1].createdAt) - Date.parse(delivery.attemptLog[0].createdAt)).toBeGreaterThanOrEqual(900);

      expect(rx.received).toHaveLength(2);
      for (const [i, req] of rx.received.entries()) {
        expect(req.headers['content-type']).toBe('application/json');
        expect(req.headers['x-dataplat-event']).toBe('notification.created');
        expect(req.headers['x-dataplat-delivery']).toBe(delivery.id);
        expect(req.headers['x-dataplat-attempt']).toBe(String(i + 1));
        const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['x-dataplat-signature']));
        expect(match).not.toBeNull();
        const [, ts, sig] = match!;
        expect(createHmac('sha256', secret).update(`${ts}.${req.body}`).digest('hex')).toBe(sig);
        expect(Math.abs(Date.now() / 1000 - Number(ts))).toBeLessThan(60);
        expect(JSON.parse(req.body)).toMatchObject({ id: notificationId, type: 'notification.created', tenantId: tenantA, notification: { id: notificationId, userId: t.member.id, category, severity: 'WARNING', title: 'Budget crossed' } });
      }
      // A channel that does not take the category got nothing.
      expect((await api.get(`/api/v1/notifications/channels/${other.body.id}/deliveries`, { token: t.adminA.token })).body.pagination.total).toBe(0);
      // The recipient has it in the inbox too.
      expect((await api.get(`/api/v1/notifications/${notificationId}`, { token: t.member.token })).body.title).toBe('Budget crossed');
    } finally {
      rx.server.close();
    }
  });

  it('sends chat messages as a signed webhook with a text field', async () => {
    const rx = await receiver([]);
    try {
      const category = `test.chat-${randomUUID().slice(0, 6)}`;
      const created = await api.post('/api/v1/notifications/channels', { name: name('chat'), kind: 'CHAT', url: rx.url, categories: [category] }, { token: t.adminA.token });
      await send(category, 'Quota warning');
      await until(async () => rx.received.length, (n) => n > 0);
      expect(rx.received).toHaveLength(1);
      const [req] = rx.received;
      expect(JSON.parse(req.body)).toEqual({ text: '*[WARNING] Quota warning*\nYour tenant used 80 % of its budget' });
      const [, ts, sig] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['x-dataplat-signature']))!;
      expect(createHmac('sha256', created.body.signingSecret).update(`${ts}.${req.body}`).digest('hex')).toBe(sig);
    } finally {
      rx.server.close();
    }
  });

  it('records failures with their error and keeps retrying an unreachable receiver', async () => {
    const rx = await receiver([]);
    const url = rx.url;
    await new Promise((r) => rx.server.close(r));
    const category = `test.down-${randomUUID().slice(0, 6)}`;
    const created = await api.post('/api/v1/notifications/channels', { name: name('down'), kind: 'WEBHOOK', url, categories: [category] }, { token: t.adminA.token });
    await send(category);
    const path = `/api/v1/notifications/channels/${created.body.id}/deliveries?status=PENDING`;
    const res = await until(() => api.get(path, { token: t.adminA.token }), (r) => r.body.data?.[0]?.attempts >= 1);
    const [delivery] = res.body.data;
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: expect.any(Number), lastError: expect.stringContaining('fetch failed') });
    expect(delivery.attemptLog[0]).toMatchObject({ attempt: 1, status: 'FAILED', responseCode: null });
    expect(Date.parse(delivery.nextAttemptAt)).toBeGreaterThan(Date.parse(delivery.attemptLog[0].createdAt));
    expectEnvelope(await api.get(`/api/v1/notifications/channels/${created.body.id}/deliveries?status=LOST`, { token: t.adminA.token }), 400, 'DPF-API-001');
  });

  it('delivers e-mail channels through the e-mail transport', async () => {
    const category = `test.mail-${randomUUID().slice(0, 6)}`;
    const created = await api.post('/api/v1/notifications/channels', { name: name('mail'), kind: 'EMAIL', recipients: ['ops@example.com'], categories: [category] }, { token: t.adminA.token });
    await send(category, 'Mail me');
    const res = await until(() => api.get(`/api/v1/notifications/channels/${created.body.id}/deliveries`, { token: t.adminA.token }), (r) => r.body.data?.[0]?.status === 'DELIVERED');
    expect(res.body.data[0]).toMatchObject({ status: 'DELIVERED', attempts: 1, attemptLog: [{ attempt: 1, status: 'SUCCEEDED', responseCode: null }] });
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = join(platform.dataDir, 'mail');
    const mail = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')).find((m) => m.includes('Mail me'));
    expect(mail).toContain('To: ops@example.com');
    expect(mail).toContain('Subject: [WARNING] Mail me');
  });
});

describe('messages other services queue in platform.notification_outbox', () => {
  /** What a producer (tenant alerts, billing budgets) writes in its own transaction. */
  async function queue(channel: string, recipient: string, template = 'tenant.alert-raised'): Promise<string> {
    const [row] = await query<{ id: string }>(
      platform.databaseUrl,
      `INSERT INTO platform.notification_outbox (tenant_id, channel, recipient, template, subject, body, payload)
       VALUES ($1, $2, $3, $4, '[CRITICAL] CPU alert', 'CPU at 95 %', '{"alertId":"a-1"}') RETURNING id::text`,
      [tenantA, channel, recipient, template],
    );
    return row.id;
  }
  const outboxRow = async (id: string) => (await query<{ status: string; attempts: number; last_error: string | null }>(platform.databaseUrl, 'SELECT status, attempts, last_error FROM platform.notification_outbox WHERE id = $1', [id]))[0];

  it('delivers a WEBHOOK message to the tenant channel with that URL, signed with its secret, retrying after a failure', async () => {
    const rx = await receiver([503]);
    try {
      const created = await api.post('/api/v1/notifications/channels', { name: name('alerts'), kind: 'WEBHOOK', url: rx.url, categories: ['test.none'] }, { token: t.adminA.token });
      expect(created.status).toBe(201);
      const id = await queue('WEBHOOK', rx.url);
      const row = await until(() => outboxRow(id), (r) => r.status === 'SENT');
      expect(row).toMatchObject({ status: 'SENT', attempts: 2, last_error: null });
      expect(rx.received).toHaveLength(2);
      const req = rx.received[1];
      expect(req.headers['x-dataplat-event']).toBe('tenant.alert-raised');
      expect(req.headers['x-dataplat-delivery']).toBe(`outbox-${id}`);
      const [, ts, sig] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['x-dataplat-signature']))!;
      expect(createHmac('sha256', created.body.signingSecret).update(`${ts}.${req.body}`).digest('hex')).toBe(sig);
      expect(JSON.parse(req.body)).toEqual({
        id: `outbox-${id}`, type: 'tenant.alert-raised', tenantId: tenantA, createdAt: expect.any(String),
        subject: '[CRITICAL] CPU alert', body: 'CPU at 95 %', data: { alertId: 'a-1' },
      });
    } finally {
      rx.server.close();
    }
  });

  it('delivers a CHAT message to the tenant chat channel of that name', async () => {
    const rx = await receiver([]);
    try {
      const channelName = name('ops');
      await api.post('/api/v1/notifications/channels', { name: channelName, kind: 'CHAT', url: rx.url, categories: ['test.none'] }, { token: t.adminA.token });
      const id = await queue('CHAT', `#${channelName.toUpperCase()}`);
      expect((await until(() => outboxRow(id), (r) => r.status === 'SENT')).status).toBe('SENT');
      expect(JSON.parse(rx.received[0].body)).toEqual({ text: '*[CRITICAL] CPU alert*\nCPU at 95 %' });
    } finally {
      rx.server.close();
    }
  });

  it('never calls a URL no channel of the tenant has (given up at once), nor another tenant\'s channel', async () => {
    const rx = await receiver([]);
    try {
      await api.post('/api/v1/notifications/channels', { name: name('b-hook'), kind: 'WEBHOOK', url: rx.url, categories: ['test.none'] }, { token: t.adminB.token });
      const id = await queue('WEBHOOK', rx.url); // tenant A has no channel with this URL; tenant B has
      const row = await until(() => outboxRow(id), (r) => r.status !== 'PENDING');
      expect(row).toMatchObject({ status: 'FAILED', attempts: 1, last_error: 'no enabled WEBHOOK channel of the tenant matches this URL' });
      expect(rx.received).toHaveLength(0);
    } finally {
      rx.server.close();
    }
  });
});

