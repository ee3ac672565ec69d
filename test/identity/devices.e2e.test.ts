import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { eventually, query } from '../harness/database';
import { createUser, type CreatedUser } from '../harness/factories';
import { startPlatform, type TestPlatform } from '../harness/platform';
import { authEvents, CHROME_WINDOWS, FIREFOX_LINUX, loginAs, loginRaw, refresh } from '../harness/session-factories';

let platform: TestPlatform;
let api: ApiClient;
let rootToken: string;

const DEVICE_FIELDS = [
  'browser', 'browserVersion', 'createdAt', 'deviceName', 'deviceType', 'id', 'lastIpAddress', 'lastSeenAt',
  'os', 'osVersion', 'trusted', 'trustedAt', 'blocked', 'useCount',
].sort();

beforeAll(async () => {
  platform = await startPlatform({ env: { MAX_TRUSTED_DEVICES: '2' } });
  api = new ApiClient(platform.baseUrl);
  rootToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
});
afterAll(() => platform?.stop());

/** A fresh user and an access token of theirs. */
async function member(tenantId?: string): Promise<{ user: CreatedUser; token: string }> {
  const user = await createUser(api, rootToken, tenantId ? { tenantId } : {});
  return { user, token: (await loginAs(api, user)).accessToken };
}

const fp = () => `fp-${randomUUID()}`;

async function register(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await api.post('/api/v1/devices/register', body, { token, headers });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
  return res.body;
}

const del = (path: string, token?: string) => api.request('DELETE', path, { token });
const listIds = async (path: string, token: string) => (await api.get(path, { token })).body.data.map((d: { id: number }) => d.id);

describe('POST /api/v1/devices/register', () => {
  it('registers a fingerprint with the spec fields, client IP from the request', async () => {
    const { token } = await member();
    const body = { fingerprint: fp(), deviceName: 'Work laptop', deviceType: 'desktop', browser: 'Firefox', browserVersion: '125.0', os: 'Linux', osVersion: '6.8' };
    const res = await api.post('/api/v1/devices/register', body, { token, headers: { 'x-forwarded-for': '203.0.113.5', 'user-agent': FIREFOX_LINUX } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(DEVICE_FIELDS);
    expect(res.body).toMatchObject({
      id: expect.any(Number), deviceName: 'Work laptop', deviceType: 'desktop', browser: 'Firefox', browserVersion: '125.0', os: 'Linux', osVersion: '6.8',
      trusted: false, trustedAt: null, blocked: false, lastIpAddress: '203.0.113.5', useCount: 1,
    });
    expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('updates the same fingerprint: explicit fields change, others stay; useCount, lastSeenAt and IP move', async () => {
    const { token } = await member();
    const fingerprint = fp();
    const first = await register(token, { fingerprint, deviceName: 'Phone', browser: 'Safari', browserVersion: '17.3' }, { 'x-forwarded-for': '198.51.100.1' });
    const second = await register(token, { fingerprint, browserVersion: '17.4' }, { 'x-forwarded-for': '198.51.100.2' });
    expect(second).toMatchObject({ id: first.id, deviceName: 'Phone', browser: 'Safari', browserVersion: '17.4', useCount: 2, lastIpAddress: '198.51.100.2' });
    expect(Date.parse(second.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(first.lastSeenAt));
    expect(second.createdAt).toBe(first.createdAt);
  });

  it('fills unknown details of a new device from its user agent', async () => {
    const { token } = await member();
    const device = await register(token, { fingerprint: fp() }, { 'user-agent': CHROME_WINDOWS });
    expect(device).toMatchObject({ deviceName: 'Chrome on Windows', deviceType: 'desktop', browser: 'Chrome', browserVersion: '124.0.6367.91', os: 'Windows', osVersion: '10.0' });
  });

  it('400 for a missing or malformed fingerprint, blank or unknown fields', async () => {
    const { token } = await member();
    for (const body of [{}, { fingerprint: '' }, { fingerprint: 'has space' }, { fingerprint: 'x'.repeat(257) }, { fingerprint: fp(), deviceName: '   ' }, { fingerprint: fp(), color: 'red' }, { fingerprint: 42 }]) {
      expectEnvelope(await api.post('/api/v1/devices/register', body, { token }), 400, 'DPF-API-001');
    }
  });

  it('is per user: the same fingerprint is a separate device for someone else', async () => {
    const a = await member();
    const b = await member();
    const fingerprint = fp();
    const da = await register(a.token, { fingerprint });
    const db = await register(b.token, { fingerprint });
    expect(db.id).not.toBe(da.id);
    expect(db.useCount).toBe(1);
  });
});

describe('GET /api/v1/devices and /devices/trusted', () => {
  it('lists the caller\'s devices in the list envelope, most recently seen first', async () => {
    const { token } = await member();
    const a = await register(token, { fingerprint: fp() });
    const b = await register(token, { fingerprint: fp() });
    await register(token, { fingerprint: fp() }); // c
    const res = await api.get('/api/v1/devices', { token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 0, size: 20, total: 3, totalPages: 1, hasNext: false, hasPrevious: false });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(DEVICE_FIELDS);
    await register(token, { fingerprint: (await query(platform.databaseUrl, 'SELECT fingerprint FROM identity.devices WHERE id = $1', [a.id]))[0].fingerprint });
    expect((await listIds('/api/v1/devices', token))[0]).toBe(a.id);
    const paged = await api.get('/api/v1/devices?size=1&page=1&sort=createdAt&order=asc', { token });
    expect(paged.body.data.map((d: { id: number }) => d.id)).toEqual([b.id]);
    expect(paged.body.pagination).toMatchObject({ total: 3, totalPages: 3, hasNext: true, hasPrevious: true });
  });

  it('400 for an unknown sort field or a bad page size', async () => {
    const { token } = await member();
    expectEnvelope(await api.get('/api/v1/devices?sort=fingerprint', { token }), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/devices?size=0', { token }), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/devices/trusted?page=x', { token }), 400, 'DPF-API-001');
  });

  it('never shows another user\'s devices', async () => {
    const a = await member();
    const b = await member();
    await register(a.token, { fingerprint: fp() });
    expect((await api.get('/api/v1/devices', { token: b.token })).body.pagination.total).toBe(0);
  });
});

describe('trust', () => {
  it('trusts up to MAX_TRUSTED_DEVICES (2 here), then 400; untrust frees a place; trusting twice changes nothing', async () => {
    const { token } = await member();
    const [a, b, c] = [await register(token, { fingerprint: fp() }), await register(token, { fingerprint: fp() }), await register(token, { fingerprint: fp() })];
    const trusted = await api.post(`/api/v1/devices/${a.id}/trust`, undefined, { token });
    expect(trusted.status).toBe(200);
    expect(trusted.body).toMatchObject({ id: a.id, trusted: true, trustedAt: expect.any(String) });
    const again = await api.post(`/api/v1/devices/${a.id}/trust`, undefined, { token });
    expect(again.body.trustedAt).toBe(trusted.body.trustedAt);
    expect((await api.post(`/api/v1/devices/${b.id}/trust`, undefined, { token })).status).toBe(200);

    const refused = await api.post(`/api/v1/devices/${c.id}/trust`, undefined, { token });
    expectEnvelope(refused, 400, 'DPF-IAM-042');
    expect(refused.body.error.details).toEqual({ maxTrustedDevices: 2 });
    expect((await listIds('/api/v1/devices/trusted', token)).sort()).toEqual([a.id, b.id].sort());

    const untrust = await del(`/api/v1/devices/${a.id}/trust`, token);
    expect(untrust.status).toBe(204);
    expect(untrust.text).toBe('');
    expect((await del(`/api/v1/devices/${a.id}/trust`, token)).status).toBe(204);
    expect((await api.post(`/api/v1/devices/${c.id}/trust`, undefined, { token })).body).toMatchObject({ trusted: true });
    expect((await listIds('/api/v1/devices/trusted', token)).sort()).toEqual([b.id, c.id].sort());
  });

  it('concurrent trust requests never pass the maximum', async () => {
    const { token } = await member();
    const devices = await Promise.all([1, 2, 3, 4, 5].map(() => register(token, { fingerprint: fp() })));
    const results = await Promise.all(devices.map((d) => api.post(`/api/v1/devices/${d.id}/trust`, undefined, { token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400, 400, 400]);
    expect((await api.get('/api/v1/devices/trusted', { token })).body.pagination.total).toBe(2);
  });

  it('DELETE /devices/trusted/all untrusts every device and says how many', async () => {
    const { token } = await member();
    const [a, b] = [await register(token, { fingerprint: fp() }), await register(token, { fingerprint: fp() })];
    await api.post(`/api/v1/devices/${a.id}/trust`, undefined, { token });
    await api.post(`/api/v1/devices/${b.id}/trust`, undefined, { token });
    const res = await del('/api/v1/devices/trusted/all', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ untrusted: 2 });
    expect(await listIds('/api/v1/devices/trusted', token)).toEqual([]);
    expect((await del('/api/v1/devices/trusted/all', token)).body).toEqual({ untrusted: 0 });
  });
});

describe('rename and remove', () => {
  it('PUT /devices/{id}/name renames; blank or missing names are 400', async () => {
    const { token } = await member();
    const d = await register(token, { fingerprint: fp() });
    const res = await api.request('PUT', `/api/v1/devices/${d.id}/name`, { token, body: { deviceName: '  Home PC ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: d.id, deviceName: 'Home PC' });
    for (const body of [{}, { deviceName: '' }, { deviceName: '   ' }, { deviceName: 'x'.repeat(101) }]) {
      expectEnvelope(await api.request('PUT', `/api/v1/devices/${d.id}/name`, { token, body }), 400, 'DPF-API-001');
    }
  });

  it('DELETE /devices/{id} removes the device (204), then it is 404', async () => {
    const { token } = await member();
    const d = await register(token, { fingerprint: fp() });
    const res = await del(`/api/v1/devices/${d.id}`, token);
    expect(res.status).toBe(204);
    expect(await listIds('/api/v1/devices', token)).toEqual([]);
    expectEnvelope(await del(`/api/v1/devices/${d.id}`, token), 404, 'DPF-IAM-041');
  });
});

describe('block and unblock', () => {
  it('blocks with an optional reason; trust is dropped; state refusals are 409; unblock is idempotent', async () => {
    const { token } = await member();
    const d = await register(token, { fingerprint: fp() });
    await api.post(`/api/v1/devices/${d.id}/trust`, undefined, { token });
    const blocked = await api.post(`/api/v1/devices/${d.id}/block`, { reason: 'lost it' }, { token });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ id: d.id, blocked: true, trusted: false, trustedAt: null });
    expect(Object.keys(blocked.body).sort()).toEqual(DEVICE_FIELDS);
    const gql = await api.graphql('query { devices { data { id blockedReason blockedAt } } }', undefined, { token });
    expect(gql.body.data.devices.data[0]).toMatchObject({ id: d.id, blockedReason: 'lost it', blockedAt: expect.any(String) });

    expectEnvelope(await api.post(`/api/v1/devices/${d.id}/block`, undefined, { token }), 409, 'DPF-IAM-045');
    expectEnvelope(await api.post(`/api/v1/devices/${d.id}/trust`, undefined, { token }), 409, 'DPF-IAM-044');
    expectEnvelope(await del(`/api/v1/devices/${d.id}`, token), 409, 'DPF-IAM-044');

    expect((await del(`/api/v1/devices/${d.id}/block`, token)).status).toBe(204);
    expect((await del(`/api/v1/devices/${d.id}/block`, token)).status).toBe(204);
    const after = (await api.get('/api/v1/devices', { token })).body.data[0];
    expect(after).toMatchObject({ blocked: false, trusted: false });
    expect((await api.post(`/api/v1/devices/${d.id}/block`, undefined, { token })).body).toMatchObject({ blocked: true });
  });

  it('400 for a reason that is too long or not a string', async () => {
    const { token } = await member();
    const d = await register(token, { fingerprint: fp() });
    expectEnvelope(await api.post(`/api/v1/devices/${d.id}/block`, { reason: 'x'.repeat(501) }, { token }), 400, 'DPF-API-001');
    expectEnvelope(await api.post(`/api/v1/devices/${d.id}/block`, { reason: 7 }, { token }), 400, 'DPF-API-001');
  });
});

describe('login with a device fingerprint', () => {
  it('registers the device from the X-Device-Fingerprint header and records it on the session', async () => {
    const { user } = await member();
    const fingerprint = fp();
    const login = await loginAs(api, user, { fingerprintHeader: fingerprint, userAgent: CHROME_WINDOWS, ip: '203.0.113.9' });
    const devices = (await api.get('/api/v1/devices', { token: login.accessToken })).body.data;
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ deviceName: 'Chrome on Windows', browser: 'Chrome', os: 'Windows', useCount: 1, lastIpAddress: '203.0.113.9' });
    const [row] = await query(platform.databaseUrl, 'SELECT device_fingerprint, device_id, device_name FROM identity.sessions WHERE id = $1', [login.sessionId]);
    expect(row).toEqual({ device_fingerprint: fingerprint, device_id: devices[0].id, device_name: 'Chrome on Windows' });
    const sessions = (await api.get('/api/v1/sessions', { token: login.accessToken })).body;
    expect(sessions[0]).toMatchObject({ id: login.sessionId, deviceName: 'Chrome on Windows' });

    // The next login counts another use and keeps a name the user chose.
    await api.request('PUT', `/api/v1/devices/${devices[0].id}/name`, { token: login.accessToken, body: { deviceName: 'My desktop' } });
    const again = await loginAs(api, user, { fingerprintHeader: fingerprint, userAgent: FIREFOX_LINUX, ip: '203.0.113.10' });
    expect((await api.get('/api/v1/devices', { token: again.accessToken })).body.data[0]).toMatchObject({ deviceName: 'My desktop', useCount: 2, lastIpAddress: '203.0.113.10', browser: 'Chrome' });
    expect((await api.get('/api/v1/auth/session', { token: again.accessToken })).body.session).toMatchObject({ deviceName: 'My desktop' });
  });

  it('the body field wins over the header', async () => {
    const { user } = await member();
    const [inBody, inHeader] = [fp(), fp()];
    const login = await loginAs(api, user, { fingerprint: inBody, fingerprintHeader: inHeader });
    const [row] = await query(platform.databaseUrl, 'SELECT device_fingerprint FROM identity.sessions WHERE id = $1', [login.sessionId]);
    expect(row.device_fingerprint).toBe(inBody);
    expect((await api.get('/api/v1/devices', { token: login.accessToken })).body.pagination.total).toBe(1);
  });

  it('without a fingerprint, login works as before and registers nothing', async () => {
    const { user } = await member();
    const login = await loginAs(api, user);
    expect((await api.get('/api/v1/devices', { token: login.accessToken })).body.pagination.total).toBe(0);
    const [row] = await query(platform.databaseUrl, 'SELECT device_fingerprint, device_id FROM identity.sessions WHERE id = $1', [login.sessionId]);
    expect(row).toEqual({ device_fingerprint: null, device_id: null });
  });

  it('400 for a malformed fingerprint in the header or the body', async () => {
    const { user } = await member();
    expectEnvelope(await loginRaw(api, user, { fingerprintHeader: 'x'.repeat(257) }), 400, 'DPF-API-001');
    expectEnvelope(await loginRaw(api, user, { fingerprint: 'with space' }), 400, 'DPF-API-001');
  });

  it('a blocked device is refused even with valid credentials (403), recorded as a failure; its sessions were revoked', async () => {
    const { user, token } = await member();
    const fingerprint = fp();
    const onDevice = await loginAs(api, user, { fingerprintHeader: fingerprint });
    const device = (await api.get('/api/v1/devices', { token })).body.data[0];
    expect((await api.post(`/api/v1/devices/${device.id}/block`, { reason: 'stolen' }, { token, headers: { 'x-forwarded-for': '198.51.100.77' } })).status).toBe(200);

    // Blocking ended the session opened from the device, its access token included.
    expectEnvelope(await refresh(api, onDevice.refreshToken), 401, 'DPF-IAM-006');
    expectEnvelope(await eventually(async () => {
      const r = await api.get('/api/v1/devices', { token: onDevice.accessToken });
      return r.status === 401 ? r : undefined;
    }, 5_000), 401, 'DPF-AUTH-009');
    expect((await api.get('/api/v1/devices', { token })).status).toBe(200);
    const revokedEvents = await authEvents(platform.databaseUrl, user.id, 'SESSION_REVOKED');
    expect(revokedEvents).toEqual([{ type: 'SESSION_REVOKED', outcome: 'SUCCESS', reason: `scope=device_blocked sessions=${onDevice.sessionId}`, ip_address: '198.51.100.77' }]);

    const refused = await loginRaw(api, user, { fingerprintHeader: fingerprint, ip: '192.0.2.66' });
    expectEnvelope(refused, 403, 'DPF-IAM-043', 'Sign-in from this device is blocked');
    expectEnvelope(await loginRaw(api, user, { fingerprint }), 403, 'DPF-IAM-043');
    // A wrong password says nothing about the device.
    expectEnvelope(await loginRaw(api, { email: user.email, password: 'wrong-password' }, { fingerprint }), 401, 'DPF-IAM-001');
    const failures = (await authEvents(platform.databaseUrl, user.id, 'LOGIN')).filter((e) => e.outcome === 'FAILURE');
    expect(failures.map((e) => e.reason)).toEqual(['DPF-IAM-043', 'DPF-IAM-043', 'DPF-IAM-001']);
    expect(failures[0].ip_address).toBe('192.0.2.66');
    // A refused attempt is not a use of the device.
    expect((await api.get('/api/v1/devices', { token })).body.data[0].useCount).toBe(1);

    // Other devices and no fingerprint still work; unblocking lets the device in again.
    expect((await loginRaw(api, user, { fingerprint: fp() })).status).toBe(200);
    expect((await loginRaw(api, user)).status).toBe(200);
    expect((await del(`/api/v1/devices/${device.id}/block`, token)).status).toBe(204);
    expect((await loginRaw(api, user, { fingerprintHeader: fingerprint })).status).toBe(200);
  });
});

describe('isolation and bad ids', () => {
  // Three items in every row: jest passes `done` to a callback with more parameters than the row.
  const perDevice: Array<[string, string, unknown]> = [
    ['POST', '/trust', undefined],
    ['DELETE', '/trust', undefined],
    ['PUT', '/name', { deviceName: 'mine now' }],
    ['POST', '/block', undefined],
    ['DELETE', '/block', undefined],
    ['DELETE', '', undefined],
  ];

  it.each(perDevice)('%s /devices/{id}%s: 404 for unknown ids, another user\'s and another tenant\'s devices', async (method, suffix, body) => {
    const me = await member();
    const neighbour = await member();
    const foreign = await member(randomUUID());
    const theirs = await register(neighbour.token, { fingerprint: fp() });
    const abroad = await register(foreign.token, { fingerprint: fp() });
    for (const id of [2_000_000_000, theirs.id, abroad.id]) {
      expectEnvelope(await api.request(method, `/api/v1/devices/${id}${suffix}`, { token: me.token, body }), 404, 'DPF-IAM-041', 'Device not found');
    }
    expect((await api.get('/api/v1/devices', { token: neighbour.token })).body.data[0]).toMatchObject({ id: theirs.id, blocked: false, trusted: false, deviceName: theirs.deviceName });
  });

  it.each(perDevice)('%s /devices/{id}%s: 400 for an id that is not an integer', async (method, suffix, body) => {
    const { token } = await member();
    const res = await api.request(method, `/api/v1/devices/abc${suffix}`, { token, body });
    expectEnvelope(res, 400, 'DPF-API-001');
    expect(res.body.error.details).toMatchObject({ parameter: 'deviceId' });
  });

  it.each([
    ['GET', '/api/v1/devices'],
    ['GET', '/api/v1/devices/trusted'],
    ['POST', '/api/v1/devices/register'],
    ['POST', '/api/v1/devices/1/trust'],
    ['DELETE', '/api/v1/devices/1/trust'],
    ['PUT', '/api/v1/devices/1/name'],
    ['POST', '/api/v1/devices/1/block'],
    ['DELETE', '/api/v1/devices/1/block'],
    ['DELETE', '/api/v1/devices/1'],
    ['DELETE', '/api/v1/devices/trusted/all'],
  ])('%s %s without a token -> 401', async (method, path) => {
    expectEnvelope(await api.request(method, path), 401, 'DPF-AUTH-001');
  });
});
