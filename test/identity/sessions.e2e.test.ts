import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { eventually, query } from '../harness/database';
import { createUser, type CreatedUser } from '../harness/factories';
import { startPlatform, type TestPlatform } from '../harness/platform';
import { authEvents, CHROME_WINDOWS, claimsOf, FIREFOX_LINUX, isBlocklisted, loginAs, refresh, type Login } from '../harness/session-factories';

let platform: TestPlatform;
let api: ApiClient;
let rootToken: string;

const SESSION_FIELDS = ['createdAt', 'deviceName', 'expiresAt', 'id', 'ipAddress', 'isCurrent', 'lastAccessedAt', 'userAgent'];

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  rootToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
});
afterAll(() => platform?.stop());

const newUser = (tenantId?: string) => createUser(api, rootToken, tenantId ? { tenantId } : {});
/** The gateway refuses a blocklisted access token (the revocation reaches it by NOTIFY, so poll briefly). */
async function refusedAsRevoked(token: string): Promise<void> {
  const res = await eventually(async () => {
    const r = await api.get('/api/v1/sessions', { token });
    return r.status === 401 ? r : undefined;
  }, 5_000);
  expectEnvelope(res, 401, 'DPF-AUTH-009');
}

const ids = (res: { body: Array<{ id: number }> }) => res.body.map((s) => s.id);

describe('GET /api/v1/sessions, /sessions/count, /sessions/all', () => {
  let user: CreatedUser;
  let first: Login;
  let second: Login;
  let third: Login;

  beforeAll(async () => {
    user = await newUser();
    first = await loginAs(api, user, { ip: '203.0.113.7', userAgent: CHROME_WINDOWS });
    second = await loginAs(api, user, { ip: '198.51.100.23', userAgent: FIREFOX_LINUX });
    third = await loginAs(api, user, { ip: '192.0.2.1, 10.0.0.1', userAgent: 'curl/8.5.0' });
  });

  it('lists the active sessions, newest first, with the spec fields; isCurrent marks the presented token', async () => {
    const res = await api.get('/api/v1/sessions', { token: second.accessToken });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([third.sessionId, second.sessionId, first.sessionId]);
    for (const s of res.body) expect(Object.keys(s).sort()).toEqual(SESSION_FIELDS);
    expect(res.body.map((s: { isCurrent: boolean }) => s.isCurrent)).toEqual([false, true, false]);
    const [c, b, a] = res.body;
    expect(a).toMatchObject({ ipAddress: '203.0.113.7', userAgent: CHROME_WINDOWS, deviceName: 'Chrome on Windows' });
    expect(b).toMatchObject({ ipAddress: '198.51.100.23', userAgent: FIREFOX_LINUX, deviceName: 'Firefox on Linux' });
    // X-Forwarded-For is walked back from the socket: 10.0.0.1 is not a trusted proxy, so it is the client.
    expect(c).toMatchObject({ ipAddress: '10.0.0.1', deviceName: 'curl/8.5.0' });
    const expires = Date.parse(a.expiresAt) - Date.parse(a.createdAt);
    expect(Math.abs(expires - 7 * 86400_000)).toBeLessThan(5_000);
    expect(a.lastAccessedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('counts the active sessions', async () => {
    const res = await api.get('/api/v1/sessions/count', { token: first.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 3 });
  });

  it('leaves out expired sessions; /sessions/all shows them with their state', async () => {
    const expired = await loginAs(api, user);
    await query(platform.databaseUrl, "UPDATE identity.sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [expired.sessionId]);
    expect(ids(await api.get('/api/v1/sessions', { token: first.accessToken }))).not.toContain(expired.sessionId);
    expect((await api.get('/api/v1/sessions/count', { token: first.accessToken })).body).toEqual({ count: 3 });
    const all = await api.get('/api/v1/sessions/all', { token: first.accessToken });
    expect(all.status).toBe(200);
    const row = all.body.find((s: { id: number }) => s.id === expired.sessionId);
    expect(row).toMatchObject({ state: 'EXPIRED', revokedAt: null, isCurrent: false });
    expect(Object.keys(row).sort()).toEqual([...SESSION_FIELDS, 'revokedAt', 'state'].sort());
    expect(all.body.find((s: { id: number }) => s.id === first.sessionId)).toMatchObject({ state: 'ACTIVE', isCurrent: true });
  });

  it('shows only the caller\'s own sessions', async () => {
    const other = await newUser();
    const theirs = await loginAs(api, other);
    const mine = ids(await api.get('/api/v1/sessions/all', { token: first.accessToken }));
    expect(mine).not.toContain(theirs.sessionId);
    expect(ids(await api.get('/api/v1/sessions', { token: theirs.accessToken }))).toEqual([theirs.sessionId]);
  });

  it('is also served over GraphQL', async () => {
    const res = await api.graphql('{ sessions(includeInactive: true) { id isCurrent state } sessionCount { count } }', undefined, { token: third.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.sessionCount).toEqual({ count: 3 });
    expect(res.body.data.sessions.find((s: { id: number }) => s.id === third.sessionId)).toEqual({ id: third.sessionId, isCurrent: true, state: 'ACTIVE' });
  });
});

describe('DELETE /api/v1/sessions/{sessionId}', () => {
  it('revokes the session: 204, its refresh token fails, its access tokens are blocklisted, an auth event is recorded', async () => {
    const user = await newUser();
    const mine = await loginAs(api, user);
    const victim = await loginAs(api, user, { ip: '203.0.113.50' });
    const res = await api.request('DELETE', `/api/v1/sessions/${victim.sessionId}`, { token: mine.accessToken, headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    expect(ids(await api.get('/api/v1/sessions', { token: mine.accessToken }))).toEqual([mine.sessionId]);
    const all = await api.get('/api/v1/sessions/all', { token: mine.accessToken });
    expect(all.body.find((s: { id: number }) => s.id === victim.sessionId)).toMatchObject({ state: 'REVOKED', revokedAt: expect.any(String) });
    expectEnvelope(await refresh(api, victim.refreshToken), 401, 'DPF-IAM-006');
    expect(await isBlocklisted(platform.databaseUrl, victim.jti)).toBe(true);
    expect(await isBlocklisted(platform.databaseUrl, mine.jti)).toBe(false);
    await refusedAsRevoked(victim.accessToken);
    expect((await api.get('/api/v1/sessions/count', { token: mine.accessToken })).status).toBe(200);
    expect((await refresh(api, mine.refreshToken)).status).toBe(200);
    expect(await authEvents(platform.databaseUrl, user.id, 'SESSION_REVOKED')).toEqual([
      { type: 'SESSION_REVOKED', outcome: 'SUCCESS', reason: `scope=single sessions=${victim.sessionId}`, ip_address: '198.51.100.9' },
    ]);
  });

  it('is idempotent for the caller\'s own inactive session (204, no second event)', async () => {
    const user = await newUser();
    const mine = await loginAs(api, user);
    const other = await loginAs(api, user);
    expect((await api.request('DELETE', `/api/v1/sessions/${other.sessionId}`, { token: mine.accessToken })).status).toBe(204);
    expect((await api.request('DELETE', `/api/v1/sessions/${other.sessionId}`, { token: mine.accessToken })).status).toBe(204);
    expect(await authEvents(platform.databaseUrl, user.id, 'SESSION_REVOKED')).toHaveLength(1);
  });

  it('blocklists the access tokens of a session ended earlier by logout', async () => {
    const user = await newUser();
    const mine = await loginAs(api, user);
    const loggedOut = await loginAs(api, user);
    expect((await api.post('/api/v1/auth/logout', { refreshToken: loggedOut.refreshToken })).body).toEqual({ revoked: true });
    expect(await isBlocklisted(platform.databaseUrl, loggedOut.jti)).toBe(false);
    expect((await api.request('DELETE', `/api/v1/sessions/${loggedOut.sessionId}`, { token: mine.accessToken })).status).toBe(204);
    expect(await isBlocklisted(platform.databaseUrl, loggedOut.jti)).toBe(true);
  });

  it('may revoke the current session', async () => {
    const user = await newUser();
    const mine = await loginAs(api, user);
    expect((await api.request('DELETE', `/api/v1/sessions/${mine.sessionId}`, { token: mine.accessToken })).status).toBe(204);
    expectEnvelope(await refresh(api, mine.refreshToken), 401, 'DPF-IAM-006');
    expect(await isBlocklisted(platform.databaseUrl, mine.jti)).toBe(true);
  });

  it('404 for an unknown session, another user\'s and another tenant\'s; theirs stays active', async () => {
    const user = await newUser();
    const mine = await loginAs(api, user);
    const neighbour = await loginAs(api, await newUser());
    const foreign = await loginAs(api, await newUser(randomUUID()));
    for (const id of [2_000_000_000, neighbour.sessionId, foreign.sessionId]) {
      expectEnvelope(await api.request('DELETE', `/api/v1/sessions/${id}`, { token: mine.accessToken }), 404, 'DPF-IAM-040', 'Session not found');
    }
    expect((await refresh(api, neighbour.refreshToken)).status).toBe(200);
    expect((await refresh(api, foreign.refreshToken)).status).toBe(200);
    expect(await isBlocklisted(platform.databaseUrl, neighbour.jti)).toBe(false);
    const gql = await api.graphql('mutation($id: Int!) { revokeSession(id: $id) }', { id: neighbour.sessionId }, { token: mine.accessToken });
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'DPF-IAM-040', status: 404 });
  });

  it('400 for a session id that is not an integer', async () => {
    const mine = await loginAs(api, await newUser());
    for (const bad of ['abc', '1.5', '99999999999']) {
      const res = await api.request('DELETE', `/api/v1/sessions/${bad}`, { token: mine.accessToken });
      expectEnvelope(res, 400, 'DPF-API-001');
      expect(res.body.error.details).toMatchObject({ parameter: 'sessionId' });
    }
  });
});

describe('DELETE /api/v1/sessions/others and /sessions/all', () => {
  it('others: revokes every active session but the current one', async () => {
    const user = await newUser();
    const a = await loginAs(api, user);
    const b = await loginAs(api, user);
    const current = await loginAs(api, user);
    const res = await api.request('DELETE', '/api/v1/sessions/others', { token: current.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 2 });
    expect(ids(await api.get('/api/v1/sessions', { token: current.accessToken }))).toEqual([current.sessionId]);
    for (const s of [a, b]) {
      expectEnvelope(await refresh(api, s.refreshToken), 401, 'DPF-IAM-006');
      expect(await isBlocklisted(platform.databaseUrl, s.jti)).toBe(true);
    }
    expect((await refresh(api, current.refreshToken)).status).toBe(200);
    expect(await isBlocklisted(platform.databaseUrl, current.jti)).toBe(false);
    expect((await api.request('DELETE', '/api/v1/sessions/others', { token: current.accessToken })).body).toEqual({ revoked: 0 });
    const events = await authEvents(platform.databaseUrl, user.id, 'SESSION_REVOKED');
    expect(events.map((e) => e.reason)).toEqual([`scope=others sessions=${[a.sessionId, b.sessionId].sort((x, y) => x - y).join(',')}`]);
  });

  it('all: revokes every session including the current one, forcing re-login', async () => {
    const user = await newUser();
    const other = await loginAs(api, user);
    const current = await loginAs(api, user);
    const refreshed = claimsOf((await refresh(api, other.refreshToken)).body.accessToken).jti;
    const res = await api.request('DELETE', '/api/v1/sessions/all', { token: current.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 2 });
    for (const s of [other, current]) {
      expectEnvelope(await refresh(api, s.refreshToken), 401, 'DPF-IAM-006');
      expect(await isBlocklisted(platform.databaseUrl, s.jti)).toBe(true);
    }
    await refusedAsRevoked(current.accessToken);
    // An access token issued by refresh before the revocation is blocklisted as well.
    expect(await isBlocklisted(platform.databaseUrl, refreshed)).toBe(true);
    const fresh = await loginAs(api, user);
    expect((await api.get('/api/v1/sessions/count', { token: fresh.accessToken })).body).toEqual({ count: 1 });
    expect((await api.get('/api/v1/sessions/all', { token: fresh.accessToken })).body.filter((s: { state: string }) => s.state === 'REVOKED')).toHaveLength(2);
    const events = await authEvents(platform.databaseUrl, user.id, 'SESSION_REVOKED');
    expect(events).toHaveLength(1);
    expect(events[0].reason).toMatch(/^scope=all sessions=\d+,\d+$/);
  });

  it('static paths win over /sessions/{sessionId}: neither "others" nor "all" is read as an id', async () => {
    const mine = await loginAs(api, await newUser());
    expect((await api.request('DELETE', '/api/v1/sessions/others', { token: mine.accessToken })).status).toBe(200);
    expect((await api.get('/api/v1/sessions/all', { token: mine.accessToken })).status).toBe(200);
  });
});

describe('GET /api/v1/auth/session', () => {
  it('describes the presented token and its session', async () => {
    const user = await newUser();
    const login = await loginAs(api, user, { ip: '203.0.113.77', userAgent: FIREFOX_LINUX });
    const res = await api.get('/api/v1/auth/session', { token: login.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userId: user.id,
      tenantId: user.tenantId,
      actingTenantId: user.tenantId,
      roles: ['USER'],
      credential: 'access_token',
      passwordChangeRequired: false,
      tokenId: login.jti,
      session: { id: login.sessionId, isCurrent: true, state: 'ACTIVE', ipAddress: '203.0.113.77', userAgent: FIREFOX_LINUX, deviceName: 'Firefox on Linux' },
    });
    const { exp, iat } = JSON.parse(Buffer.from(login.accessToken.split('.')[1], 'base64url').toString());
    expect(Date.parse(res.body.tokenExpiresAt)).toBe(exp * 1000);
    expect(Math.abs(Date.parse(res.body.tokenIssuedAt) - iat * 1000)).toBeLessThan(2_000);
    expect(res.body.tokenExpiresIn).toBeGreaterThan(890);
    expect(res.body.tokenExpiresIn).toBeLessThanOrEqual(900);
  });

  it('stays readable while a temporary password must be changed, and says so', async () => {
    const user = await newUser();
    const reset = await api.post(`/api/v1/users/${user.id}/reset-password`, undefined, { token: rootToken });
    expect(reset.status).toBe(200);
    const login = await loginAs(api, { email: user.email, password: reset.body.temporaryPassword });
    const res = await api.get('/api/v1/auth/session', { token: login.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ passwordChangeRequired: true, session: { id: login.sessionId } });
    expectEnvelope(await api.get('/api/v1/sessions', { token: login.accessToken }), 403, 'DPF-IAM-010');
  });

  it('shows the acting tenant of a platform admin using X-Tenant-ID, and the admin\'s own session', async () => {
    const acting = randomUUID();
    const res = await api.get('/api/v1/auth/session', { token: rootToken, headers: { 'x-tenant-id': acting } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tenantId: '00000000-0000-4000-8000-000000000000', actingTenantId: acting, session: { isCurrent: true } });
  });
});

describe('authentication', () => {
  it.each([
    ['GET', '/api/v1/sessions'],
    ['GET', '/api/v1/sessions/all'],
    ['GET', '/api/v1/sessions/count'],
    ['DELETE', '/api/v1/sessions/1'],
    ['DELETE', '/api/v1/sessions/others'],
    ['DELETE', '/api/v1/sessions/all'],
    ['GET', '/api/v1/auth/session'],
  ])('%s %s without a token -> 401', async (method, path) => {
    expectEnvelope(await api.request(method, path), 401, 'DPF-AUTH-001');
  });

  it('over GraphQL without a token -> DPF-AUTH-001', async () => {
    const res = await api.graphql('{ sessions { id } }');
    expect(res.body.errors[0].extensions.code).toBe('DPF-AUTH-001');
  });
});
