import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { createUser, type CreatedUser } from '../harness/factories';
import { challenge, latestCode, phoneNumber, verifyChallenge } from '../harness/mfa-factories';
import { startPlatform, type TestPlatform } from '../harness/platform';
import { authEvents, claimsOf } from '../harness/session-factories';

let platform: TestPlatform;
let api: ApiClient;
let rootToken: string;

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  rootToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
});
afterAll(() => platform?.stop());

async function member(tenantId = randomUUID()): Promise<CreatedUser & { token: string }> {
  const user = await createUser(api, rootToken, { tenantId });
  return { ...user, token: (await api.login(user.email, user.password)).accessToken };
}

const other = (code: string) => (code === '000000' ? '000001' : '000000');

/** A user with SMS MFA enabled on a fresh number. */
async function smsUser() {
  const m = await member();
  const phone = phoneNumber();
  expect((await api.post('/api/v1/mfa/sms/enroll', { phoneNumber: phone }, { token: m.token })).status).toBe(200);
  const verified = await api.post('/api/v1/mfa/sms/verify', { code: await latestCode(platform.databaseUrl, phone, 'identity.mfa-enroll-code') }, { token: m.token });
  expect(verified.status).toBe(200);
  return { ...m, phone, backupCodes: verified.body.backupCodes as string[] };
}

describe('SMS method (/api/v1/mfa/sms)', () => {
  it('enroll sends a code through the outbox (channel SMS); verify -> ACTIVE with backup codes', async () => {
    const m = await member();
    const phone = phoneNumber();
    const enrolled = await api.post('/api/v1/mfa/sms/enroll', { phoneNumber: phone }, { token: m.token });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toEqual({ status: 'PENDING_VERIFICATION', destination: `${phone.slice(0, 3)}${'•'.repeat(phone.length - 5)}${phone.slice(-2)}`, expiresIn: 300 });
    const [row] = await query(platform.databaseUrl, "SELECT channel, body FROM platform.notification_outbox WHERE recipient = $1", [phone]);
    expect(row.channel).toBe('SMS');
    const code = /code: (\d{6})/.exec(row.body)![1];
    // Codes are stored hashed.
    const stored = await query(platform.databaseUrl, 'SELECT code_hash FROM identity.mfa_codes WHERE user_id = $1', [m.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0].code_hash).not.toContain(code);

    expectEnvelope(await api.post('/api/v1/mfa/sms/verify', { code: other(code) }, { token: m.token }), 400, 'DPF-IAM-081');
    const verified = await api.post('/api/v1/mfa/sms/verify', { code }, { token: m.token });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('ACTIVE');
    expect(verified.body.backupCodes).toHaveLength(10);
    expect((await api.get('/api/v1/mfa/status', { token: m.token })).body).toMatchObject({ smsEnabled: true, totpEnabled: false, remainingBackupCodes: 10 });
    expectEnvelope(await api.post('/api/v1/mfa/sms/enroll', { phoneNumber: phoneNumber() }, { token: m.token }), 400, 'DPF-IAM-080');
    expectEnvelope(await api.post('/api/v1/mfa/sms/verify', { code }, { token: m.token }), 400, 'DPF-IAM-080');
  });

  it('400 for a phone number that is not valid E.164, and nothing is stored', async () => {
    const m = await member();
    for (const phoneNumber of ['4915123456789', '+49 151 23456789', '+1415555267', 'call me', '']) {
      expectEnvelope(await api.post('/api/v1/mfa/sms/enroll', { phoneNumber }, { token: m.token }), 400, 'DPF-IAM-085');
    }
    expectEnvelope(await api.post('/api/v1/mfa/sms/enroll', {}, { token: m.token }), 400, 'DPF-API-001');
    expect(await query(platform.databaseUrl, 'SELECT 1 FROM identity.mfa_methods WHERE user_id = $1', [m.id])).toHaveLength(0);
  });

  it('resend right after enroll is 429 with Retry-After; the enrollment code still works', async () => {
    const m = await member();
    const phone = phoneNumber();
    await api.post('/api/v1/mfa/sms/enroll', { phoneNumber: phone }, { token: m.token });
    const res = await api.post('/api/v1/mfa/sms/resend', undefined, { token: m.token });
    expectEnvelope(res, 429, 'DPF-IAM-084');
    const wait = res.body.error.details.retryAfterSeconds;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(Number(res.headers.get('retry-after'))).toBe(wait);
    // A second enrollment is rate-limited too, and changes nothing.
    expectEnvelope(await api.post('/api/v1/mfa/sms/enroll', { phoneNumber: phoneNumber() }, { token: m.token }), 429, 'DPF-IAM-084');
    expect((await query(platform.databaseUrl, 'SELECT phone_number FROM identity.mfa_methods WHERE user_id = $1', [m.id]))[0].phone_number).toBe(phone);
    expect((await api.post('/api/v1/mfa/sms/verify', { code: await latestCode(platform.databaseUrl, phone, 'identity.mfa-enroll-code') }, { token: m.token })).status).toBe(200);
  });

  it('resend once the cooldown passed sends a new code; the old one stops working', async () => {
    const m = await member();
    const phone = phoneNumber();
    await api.post('/api/v1/mfa/sms/enroll', { phoneNumber: phone }, { token: m.token });
    const old = await latestCode(platform.databaseUrl, phone, 'identity.mfa-enroll-code');
    await query(platform.databaseUrl, "UPDATE identity.mfa_codes SET created_at = created_at - interval '61 seconds' WHERE user_id = $1", [m.id]);
    const resent = await api.post('/api/v1/mfa/sms/resend', undefined, { token: m.token });
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('PENDING_VERIFICATION');
    const fresh = await latestCode(platform.databaseUrl, phone, 'identity.mfa-enroll-code');
    if (fresh !== old) expectEnvelope(await api.post('/api/v1/mfa/sms/verify', { code: old }, { token: m.token }), 400, 'DPF-IAM-081');
    expect((await api.post('/api/v1/mfa/sms/verify', { code: fresh }, { token: m.token })).status).toBe(200);
  });

  it('state refusals: resend or verify with nothing pending 409; disable with nothing 404', async () => {
    const m = await member();
    expectEnvelope(await api.post('/api/v1/mfa/sms/resend', undefined, { token: m.token }), 409, 'DPF-IAM-083');
    expectEnvelope(await api.post('/api/v1/mfa/sms/verify', { code: '123456' }, { token: m.token }), 409, 'DPF-IAM-083');
    expectEnvelope(await api.request('DELETE', '/api/v1/mfa/sms', { token: m.token }), 404, 'DPF-IAM-082');
    expectEnvelope(await api.post('/api/v1/mfa/sms/enroll', { phoneNumber: phoneNumber() }), 401, 'DPF-AUTH-001');
  });

  it('five wrong guesses kill an enrollment code', async () => {
    const m = await member();
    const phone = phoneNumber();
    await api.post('/api/v1/mfa/sms/enroll', { phoneNumber: phone }, { token: m.token });
    const code = await latestCode(platform.databaseUrl, phone, 'identity.mfa-enroll-code');
    for (let i = 0; i < 5; i++) expectEnvelope(await api.post('/api/v1/mfa/sms/verify', { code: other(code) }, { token: m.token }), 400, 'DPF-IAM-081');
    expectEnvelope(await api.post('/api/v1/mfa/sms/verify', { code }, { token: m.token }), 400, 'DPF-IAM-081');
  });

  it('login with SMS: the challenge sends a code; it completes the login with amr sms', async () => {
    const u = await smsUser();
    const c = await challenge(api, u);
    expect(c.availableMethods).toEqual(['SMS', 'BACKUP_CODE']);
    const code = await latestCode(platform.databaseUrl, u.phone, 'identity.mfa-login-code');
    expectEnvelope(await verifyChallenge(api, c.challengeId, 'SMS', other(code)), 400, 'DPF-IAM-081');
    const res = await verifyChallenge(api, c.challengeId, 'SMS', code);
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.accessToken).amr).toEqual(['pwd', 'sms', 'mfa']);
    const events = (await authEvents(platform.databaseUrl, u.id, 'MFA_VERIFY')).map((e) => e.outcome);
    expect(events).toEqual(['FAILURE', 'SUCCESS']);
  });

  it('a login code belongs to its challenge', async () => {
    const u = await smsUser();
    const first = await challenge(api, u);
    const firstCode = await latestCode(platform.databaseUrl, u.phone, 'identity.mfa-login-code');
    const second = await challenge(api, u);
    const secondCode = await latestCode(platform.databaseUrl, u.phone, 'identity.mfa-login-code');
    if (firstCode !== secondCode) expectEnvelope(await verifyChallenge(api, second.challengeId, 'SMS', firstCode), 400, 'DPF-IAM-081');
    expect((await verifyChallenge(api, first.challengeId, 'SMS', firstCode)).status).toBe(200);
    expect((await verifyChallenge(api, second.challengeId, 'SMS', secondCode)).status).toBe(200);
  });

  it('disable SMS', async () => {
    const u = await smsUser();
    const res = await api.request('DELETE', '/api/v1/mfa/sms', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ smsEnabled: false, remainingBackupCodes: 0 });
  });
});

describe('e-mail method (/api/v1/mfa/email)', () => {
  it('enroll sends a code to the account address; verify; login with EMAIL; resend limited; disable', async () => {
    const m = await member();
    const enrolled = await api.post('/api/v1/mfa/email/enroll', undefined, { token: m.token });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toEqual({ status: 'PENDING_VERIFICATION', destination: `u•••@e2e.test`, expiresIn: 300 });
    expectEnvelope(await api.post('/api/v1/mfa/email/resend', undefined, { token: m.token }), 429, 'DPF-IAM-084');
    const code = await latestCode(platform.databaseUrl, m.email, 'identity.mfa-enroll-code');
    const verified = await api.post('/api/v1/mfa/email/verify', { code }, { token: m.token });
    expect(verified.status).toBe(200);
    expect(verified.body.backupCodes).toHaveLength(10);
    expect((await api.get('/api/v1/mfa/status', { token: m.token })).body).toMatchObject({ emailEnabled: true });

    const c = await challenge(api, m);
    expect(c.availableMethods).toEqual(['EMAIL', 'BACKUP_CODE']);
    const login = await verifyChallenge(api, c.challengeId, 'EMAIL', await latestCode(platform.databaseUrl, m.email, 'identity.mfa-login-code'));
    expect(login.status).toBe(200);
    expect(claimsOf(login.body.accessToken).amr).toEqual(['pwd', 'otp', 'mfa']);

    const disabled = await api.request('DELETE', '/api/v1/mfa/email', { token: m.token });
    expect(disabled.status).toBe(200);
    expect(disabled.body.emailEnabled).toBe(false);
    expect((await api.post('/api/v1/auth/login', { email: m.email, password: m.password })).body.accessToken).toEqual(expect.any(String));
  });

  it('verify setup through POST /auth/mfa/verify with method EMAIL (bearer)', async () => {
    const m = await member();
    await api.post('/api/v1/mfa/email/enroll', undefined, { token: m.token });
    const code = await latestCode(platform.databaseUrl, m.email, 'identity.mfa-enroll-code');
    const res = await api.post('/api/v1/auth/mfa/verify', { code, method: 'EMAIL' }, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ACTIVE');
  });

  it('with TOTP-less SMS and e-mail both active, the challenge offers both and sends a code to each', async () => {
    const u = await smsUser();
    await api.post('/api/v1/mfa/email/enroll', undefined, { token: u.token });
    expect((await api.post('/api/v1/mfa/email/verify', { code: await latestCode(platform.databaseUrl, u.email, 'identity.mfa-enroll-code') }, { token: u.token })).status).toBe(200);
    const c = await challenge(api, u);
    expect(c.availableMethods).toEqual(['EMAIL', 'SMS', 'BACKUP_CODE']);
    await latestCode(platform.databaseUrl, u.phone, 'identity.mfa-login-code');
    expect((await verifyChallenge(api, c.challengeId, 'EMAIL', await latestCode(platform.databaseUrl, u.email, 'identity.mfa-login-code'))).status).toBe(200);
  });
});
