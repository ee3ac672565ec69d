import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient, expectEnvelope } from '../harness/client';
import { codeIn, eventually, outboxFor, query } from '../harness/database';
import { createUser, PLATFORM_TENANT } from '../harness/factories';
import { startPlatform, type TestPlatform } from '../harness/platform';

let platform: TestPlatform;
let api: ApiClient;
const tenant = randomUUID();
const password = 'registered-password-1';

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
});
afterAll(() => platform?.stop());

const registration = (email: string) => ({ email, password, firstName: 'Reg', lastName: 'Istered', tenantId: tenant });

async function register(): Promise<string> {
  const email = `reg-${randomUUID()}@e2e.test`;
  const res = await api.post('/api/v1/auth/register', registration(email));
  expect(res.status).toBe(202);
  return email;
}

async function latestCode(email: string, template: string): Promise<string> {
  const rows = await outboxFor(platform.databaseUrl, email);
  const row = rows.filter((r) => r.template === template).pop();
  if (!row) throw new Error(`no ${template} e-mail for ${email}`);
  return codeIn(row.body);
}

describe('register -> verify-email -> login', () => {
  it('e-mails a code through the outbox; login waits for verification; the code works once', async () => {
    const email = `reg-${randomUUID()}@e2e.test`;
    const res = await api.post('/api/v1/auth/register', registration(email.toUpperCase()));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ email, verificationRequired: true, message: expect.any(String) });

    expectEnvelope(await api.post('/api/v1/auth/login', { email, password }), 403, 'DPF-IAM-009');

    const code = await latestCode(email, 'identity.email-verification');
    const verified = await api.post('/api/v1/auth/verify-email', { code });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true, email });
    expectEnvelope(await api.post('/api/v1/auth/verify-email', { code }), 400, 'DPF-IAM-011');

    const session = await api.login(email, password);
    expect(session.user).toMatchObject({ email, roles: ['USER'], tenantId: tenant });
  });

  it('the dispatcher delivers the e-mail (a .eml in DATA_DIR/mail) and marks it SENT', async () => {
    const email = await register();
    const row = await eventually(async () => (await outboxFor(platform.databaseUrl, email)).find((r) => r.status === 'SENT'));
    expect(row.subject).toBe('Verify your e-mail address');
    const files = readdirSync(join(platform.dataDir, 'mail')).filter((f) => f.endsWith(`-${row.id}.eml`));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(platform.dataDir, 'mail', files[0]), 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${email}$`, 'm'));
    // The body is quoted-printable (RFC 2045): undo soft line breaks and escapes.
    const text = eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(text).toContain(`or enter this code: ${codeIn(row.body)}`);
  });

  it('answers an existing address exactly like a new one, and warns its owner instead', async () => {
    const email = await register();
    const again = await api.post('/api/v1/auth/register', registration(email));
    expect(again.status).toBe(202);
    const rows = await outboxFor(platform.databaseUrl, email);
    expect(rows.map((r) => r.template)).toEqual(['identity.email-verification', 'identity.already-registered']);
    const accounts = await query(platform.databaseUrl, 'SELECT id FROM identity.users WHERE email = $1', [email]);
    expect(accounts).toHaveLength(1);
  });

  it('refuses bad input, unknown codes and the platform tenant', async () => {
    expectEnvelope(await api.post('/api/v1/auth/register', { ...registration('bad'), email: 'not-an-email' }), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/auth/register', { ...registration(`x-${randomUUID()}@e2e.test`), password: 'short' }), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/auth/register', { ...registration(`x-${randomUUID()}@e2e.test`), tenantId: 'nope' }), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/auth/register', { ...registration(`x-${randomUUID()}@e2e.test`), tenantId: PLATFORM_TENANT }), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/auth/verify-email', { code: 'A'.repeat(43) }), 400, 'DPF-IAM-011');
    expectEnvelope(await api.post('/api/v1/auth/verify-email', {}), 400, 'DPF-API-001');
  });

  it('an expired verification code is refused', async () => {
    const email = await register();
    const code = await latestCode(email, 'identity.email-verification');
    await query(platform.databaseUrl, "UPDATE identity.one_time_tokens t SET expires_at = now() - interval '1 second' FROM identity.users u WHERE u.id = t.user_id AND u.email = $1", [email]);
    expectEnvelope(await api.post('/api/v1/auth/verify-email', { code }), 400, 'DPF-IAM-011');
  });
});

describe('forgot-password -> reset-password', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
  });

  it('does not reveal whether an account exists', async () => {
    const nobody = `nobody-${randomUUID()}@e2e.test`;
    const res = await api.post('/api/v1/auth/forgot-password', { email: nobody });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true, message: expect.any(String) });
    expect(await outboxFor(platform.databaseUrl, nobody)).toHaveLength(0);
  });

  it('resets with a single-use code, unlocks the account and ends every session', async () => {
    const user = await createUser(api, adminToken);
    const before = await api.login(user.email, user.password);
    for (let i = 0; i < 5; i++) await api.post('/api/v1/auth/login', { email: user.email, password: 'wrong-password!' });
    expectEnvelope(await api.post('/api/v1/auth/login', { email: user.email, password: user.password }), 423, 'DPF-IAM-002');

    const requested = await api.post('/api/v1/auth/forgot-password', { email: user.email });
    expect(requested.status).toBe(202);
    const code = await latestCode(user.email, 'identity.password-reset');
    const newPassword = 'a-brand-new-password';
    const reset = await api.post('/api/v1/auth/reset-password', { token: code, newPassword });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ reset: true, sessionsRevoked: 1 });

    expectEnvelope(await api.post('/api/v1/auth/refresh', { refreshToken: before.refreshToken }), 401, 'DPF-IAM-006');
    expectEnvelope(await api.post('/api/v1/auth/login', { email: user.email, password: user.password }), 401, 'DPF-IAM-001');
    expect((await api.login(user.email, newPassword)).user.id).toBe(user.id);
    expectEnvelope(await api.post('/api/v1/auth/reset-password', { token: code, newPassword: 'yet-another-password' }), 400, 'DPF-IAM-011');
    const templates = (await outboxFor(platform.databaseUrl, user.email)).map((r) => r.template);
    expect(templates).toEqual(['identity.password-reset', 'identity.password-changed']);
  });

  it('a newer reset code replaces the older one', async () => {
    const user = await createUser(api, adminToken);
    await api.post('/api/v1/auth/forgot-password', { email: user.email });
    const first = await latestCode(user.email, 'identity.password-reset');
    await api.post('/api/v1/auth/forgot-password', { email: user.email });
    const second = await latestCode(user.email, 'identity.password-reset');
    expect(second).not.toBe(first);
    expectEnvelope(await api.post('/api/v1/auth/reset-password', { token: first, newPassword: 'a-brand-new-password' }), 400, 'DPF-IAM-011');
    expect((await api.post('/api/v1/auth/reset-password', { token: second, newPassword: 'a-brand-new-password' })).status).toBe(200);
  });

  it('refuses a weak new password', async () => {
    expectEnvelope(await api.post('/api/v1/auth/reset-password', { token: 'B'.repeat(43), newPassword: 'short' }), 400, 'DPF-API-001');
  });
});

describe('authentication events', () => {
  it('records refresh and logout, and refused refresh tokens without trusting their claims', async () => {
    const adminToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
    const user = await createUser(api, adminToken);
    const session = await api.login(user.email, user.password);
    await api.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    await api.post('/api/v1/auth/logout', { refreshToken: session.refreshToken });
    await api.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    const [h, p] = session.refreshToken.split('.');
    await api.post('/api/v1/auth/refresh', { refreshToken: `${h}.${p}.forged-signature` });
    const rows = await query(platform.databaseUrl, "SELECT type, outcome, reason, user_id FROM identity.auth_events WHERE type IN ('REFRESH', 'LOGOUT') AND (user_id = $1 OR (user_id IS NULL AND reason = 'DPF-AUTH-003')) ORDER BY id", [user.id]);
    expect(rows).toEqual([
      { type: 'REFRESH', outcome: 'SUCCESS', reason: null, user_id: user.id },
      { type: 'LOGOUT', outcome: 'SUCCESS', reason: null, user_id: user.id },
      { type: 'REFRESH', outcome: 'FAILURE', reason: 'DPF-IAM-006', user_id: user.id },
      { type: 'REFRESH', outcome: 'FAILURE', reason: 'DPF-AUTH-003', user_id: null },
    ]);
  });

  it('records failures with their reason, IP and user agent', async () => {
    const email = `ghost-${randomUUID()}@e2e.test`;
    await api.post('/api/v1/auth/login', { email, password: 'whatever-password' }, { headers: { 'user-agent': 'e2e-agent/1.0', 'x-forwarded-for': '203.0.113.7' } });
    const rows = await eventually(async () => {
      const r = await query(platform.databaseUrl, 'SELECT type, outcome, reason, ip_address, user_agent, request_id FROM identity.auth_events WHERE email = $1', [email]);
      return r.length ? r : undefined;
    });
    expect(rows).toEqual([{ type: 'LOGIN', outcome: 'FAILURE', reason: 'DPF-IAM-001', ip_address: '203.0.113.7', user_agent: 'e2e-agent/1.0', request_id: expect.any(String) }]);
  });
});

describe('POST /api/v1/auth/change-password', () => {
  it('changes the own password with the current one, and needs a bearer token', async () => {
    const adminToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
    const user = await createUser(api, adminToken);
    const { accessToken } = await api.login(user.email, user.password);
    expectEnvelope(await api.post('/api/v1/auth/change-password', { currentPassword: user.password, newPassword: 'changed-password-123' }), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post('/api/v1/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'changed-password-123' }, { token: accessToken }), 400, 'DPF-IAM-027');
    expect((await api.post('/api/v1/auth/change-password', { currentPassword: user.password, newPassword: 'changed-password-123' }, { token: accessToken })).status).toBe(204);
    expect((await api.login(user.email, 'changed-password-123')).user.id).toBe(user.id);
  });
});
