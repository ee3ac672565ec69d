import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { query } from '../harness/database';
import { createUser, PLATFORM_TENANT, type CreatedUser } from '../harness/factories';
import { userWithRoles } from '../harness/identity-factories';
import { challenge, enableTotp, totp, verifyChallenge } from '../harness/mfa-factories';
import { startPlatform, type TestPlatform } from '../harness/platform';
import { authEvents, claimsOf, refresh } from '../harness/session-factories';

let platform: TestPlatform;
let api: ApiClient;
let rootToken: string;

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  rootToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
});
afterAll(() => platform?.stop());

const next = () => Date.now() + 30_000;
const del = (path: string, token?: string) => api.request('DELETE', path, { token });

/** A fresh user (tenant optional) with a password-only access token. */
async function member(tenantId = PLATFORM_TENANT): Promise<CreatedUser & { token: string }> {
  const user = await createUser(api, rootToken, { tenantId });
  return { ...user, token: (await api.login(user.email, user.password)).accessToken };
}

/** A user with TOTP enabled. */
async function totpUser(tenantId?: string) {
  const m = await member(tenantId);
  return { ...m, ...(await enableTotp(api, m.token)) };
}

describe('TOTP enrollment (/api/v1/mfa/totp)', () => {
  it('enroll -> PENDING_VERIFICATION with a base32 secret and an otpauth URI; verify -> ACTIVE with backup codes', async () => {
    const m = await member();
    const enrolled = await api.post('/api/v1/mfa/totp/enroll', undefined, { token: m.token });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toEqual({ secret: expect.stringMatching(/^[A-Z2-7]{32}$/), qrCodeUri: expect.stringMatching(/^otpauth:\/\/totp\//), status: 'PENDING_VERIFICATION' });
    const uri = new URL(enrolled.body.qrCodeUri);
    const issuer = uri.searchParams.get('issuer');
    expect(issuer).toEqual(expect.stringMatching(/^dataplat/)); // JWT_ISSUER
    expect(decodeURIComponent(uri.pathname)).toBe(`/${issuer}:${m.email}`);
    expect(uri.searchParams.get('secret')).toBe(enrolled.body.secret);
    expect((await api.get('/api/v1/mfa/status', { token: m.token })).body).toEqual({ totpEnabled: false, smsEnabled: false, emailEnabled: false, remainingBackupCodes: 0, lastVerified: null });

    expectEnvelope(await api.post('/api/v1/mfa/totp/verify', { code: '000000' === totp(enrolled.body.secret) ? '111111' : '000000' }, { token: m.token }), 400, 'DPF-IAM-081');
    const verified = await api.post('/api/v1/mfa/totp/verify', { code: totp(enrolled.body.secret) }, { token: m.token });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('ACTIVE');
    expect(verified.body.backupCodes).toHaveLength(10);
    expect(new Set(verified.body.backupCodes).size).toBe(10);
    const status = (await api.get('/api/v1/mfa/status', { token: m.token })).body;
    expect(status).toMatchObject({ totpEnabled: true, smsEnabled: false, emailEnabled: false, remainingBackupCodes: 10 });
    expect(Date.parse(status.lastVerified)).toBeGreaterThan(Date.now() - 60_000);
    expect((await api.get('/api/v1/mfa/backup-codes/count', { token: m.token })).body).toEqual({ remainingCodes: 10 });

    // Secrets and backup codes are not stored in clear.
    const [row] = await query(platform.databaseUrl, 'SELECT secret, status FROM identity.mfa_methods WHERE user_id = $1', [m.id]);
    expect(row.status).toBe('ACTIVE');
    expect(row.secret).not.toContain(enrolled.body.secret);
    const hashes = (await query(platform.databaseUrl, 'SELECT code_hash FROM identity.mfa_backup_codes WHERE user_id = $1', [m.id])).map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    for (const code of verified.body.backupCodes) expect(hashes.join(' ')).not.toContain(code.replace('-', ''));
  });

  it('400 DPF-IAM-080 when TOTP is already configured (enroll or verify again)', async () => {
    const u = await totpUser();
    expectEnvelope(await api.post('/api/v1/mfa/totp/enroll', undefined, { token: u.token }), 400, 'DPF-IAM-080');
    expectEnvelope(await api.post('/api/v1/mfa/totp/verify', { code: totp(u.secret, next()) }, { token: u.token }), 400, 'DPF-IAM-080');
    expectEnvelope(await api.post('/api/v1/auth/mfa/setup', undefined, { token: u.token }), 400, 'DPF-IAM-080');
  });

  it('a new enrollment before verification replaces the secret', async () => {
    const m = await member();
    const first = (await api.post('/api/v1/mfa/totp/enroll', undefined, { token: m.token })).body;
    const second = (await api.post('/api/v1/mfa/totp/enroll', undefined, { token: m.token })).body;
    expect(second.secret).not.toBe(first.secret);
    expectEnvelope(await api.post('/api/v1/mfa/totp/verify', { code: totp(first.secret) }, { token: m.token }), 400, 'DPF-IAM-081');
    expect((await api.post('/api/v1/mfa/totp/verify', { code: totp(second.secret) }, { token: m.token })).status).toBe(200);
  });

  it('state refusals: verify without enrollment 409, disable without TOTP 404; bad input 400', async () => {
    const m = await member();
    expectEnvelope(await api.post('/api/v1/mfa/totp/verify', { code: '123456' }, { token: m.token }), 409, 'DPF-IAM-083');
    expectEnvelope(await del('/api/v1/mfa/totp', m.token), 404, 'DPF-IAM-082');
    expectEnvelope(await api.post('/api/v1/mfa/totp/verify', {}, { token: m.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/mfa/totp/verify', { code: '123456', extra: 1 }, { token: m.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.post('/api/v1/mfa/backup-codes/regenerate', undefined, { token: m.token }), 400, 'DPF-IAM-089');
  });

  it('401 without a token on every management route; 403 for an API key', async () => {
    for (const [method, path] of [['GET', '/api/v1/mfa/status'], ['POST', '/api/v1/mfa/totp/enroll'], ['DELETE', '/api/v1/mfa/totp'], ['GET', '/api/v1/mfa/backup-codes/count'], ['POST', '/api/v1/auth/mfa/setup'], ['DELETE', '/api/v1/auth/mfa/disable'], ['GET', '/api/v1/auth/mfa/recovery-codes']]) {
      expectEnvelope(await api.request(method, path), 401, 'DPF-AUTH-001');
    }
    const m = await member();
    const key = await api.post('/api/v1/api-keys', { name: 'k', scopes: ['profile:read'] }, { token: m.token });
    expect(key.status).toBe(201);
    expectEnvelope(await api.get('/api/v1/mfa/status', { headers: { 'x-api-key': key.body.apiKey } }), 403, 'DPF-AUTH-007');
  });

  it('disable removes TOTP and, with no method left, the backup codes; login is password-only again', async () => {
    const u = await totpUser();
    const status = await del('/api/v1/mfa/totp', u.token);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ totpEnabled: false, remainingBackupCodes: 0 });
    const login = await api.post('/api/v1/auth/login', { email: u.email, password: u.password });
    expect(login.body.accessToken).toEqual(expect.any(String));
    expect(claimsOf(login.body.accessToken).amr).toEqual(['pwd']);
  });
});

describe('login with MFA (POST /api/v1/auth/mfa/verify with challengeId)', () => {
  it('login returns the challenge; a TOTP code completes it with a session and amr ["pwd","otp","mfa"]', async () => {
    const u = await totpUser();
    const fingerprint = `fp-${randomUUID()}`;
    const c = await challenge(api, u, fingerprint);
    expect(c).toEqual({ mfaRequired: true, challengeId: expect.any(String), availableMethods: ['TOTP', 'BACKUP_CODE'], expiresIn: 300 });
    const res = await verifyChallenge(api, c.challengeId, 'TOTP', totp(u.secret, next()));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, refreshToken: expect.any(String), user: { id: u.id, email: u.email } });
    const claims = claimsOf(res.body.accessToken);
    expect(claims.amr).toEqual(['pwd', 'otp', 'mfa']);
    const [session] = await query(platform.databaseUrl, 'SELECT device_fingerprint, revoked_at FROM identity.sessions WHERE tenant_id = $1 AND id = $2', [u.tenantId, claims.sid]);
    expect(session).toEqual({ device_fingerprint: fingerprint, revoked_at: null });
    expect((await api.get('/api/v1/users/me', { token: res.body.accessToken })).status).toBe(200);
    // The refreshed access token keeps the login's amr.
    expect(claimsOf((await refresh(api, res.body.refreshToken)).body.accessToken).amr).toEqual(['pwd', 'otp', 'mfa']);
    const events = await authEvents(platform.databaseUrl, u.id);
    expect(events.map((e) => `${e.type}:${e.outcome}`)).toEqual(expect.arrayContaining(['MFA_CHALLENGE:SUCCESS', 'MFA_VERIFY:SUCCESS', 'LOGIN:SUCCESS']));
  });

  it('a challenge is single-use, and a TOTP code is accepted once', async () => {
    const u = await totpUser();
    const c = await challenge(api, u);
    const code = totp(u.secret, next());
    expect((await verifyChallenge(api, c.challengeId, 'TOTP', code)).status).toBe(200);
    expectEnvelope(await verifyChallenge(api, c.challengeId, 'TOTP', code), 401, 'DPF-IAM-086');
    const again = await challenge(api, u);
    expectEnvelope(await verifyChallenge(api, again.challengeId, 'TOTP', code), 400, 'DPF-IAM-081');
  });

  it('five wrong codes kill the challenge; then even the right code is refused', async () => {
    const u = await totpUser();
    const c = await challenge(api, u);
    const right = totp(u.secret, next());
    const wrong = right === '000000' ? '000001' : '000000';
    for (let left = 4; left >= 0; left--) {
      const res = await verifyChallenge(api, c.challengeId, 'TOTP', wrong);
      expectEnvelope(res, 400, 'DPF-IAM-081');
      expect(res.body.error.details).toEqual({ attemptsRemaining: left });
    }
    expectEnvelope(await verifyChallenge(api, c.challengeId, 'TOTP', right), 401, 'DPF-IAM-086');
    expect((await authEvents(platform.databaseUrl, u.id, 'MFA_VERIFY')).filter((e) => e.outcome === 'FAILURE')).toHaveLength(6);
  });

  it('an expired challenge is refused', async () => {
    const u = await totpUser();
    const c = await challenge(api, u);
    await query(platform.databaseUrl, "UPDATE identity.mfa_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1", [u.id]);
    expectEnvelope(await verifyChallenge(api, c.challengeId, 'TOTP', totp(u.secret, next())), 401, 'DPF-IAM-086');
  });

  it('unknown challenge 401; a method the challenge does not offer 400; method missing 400', async () => {
    const u = await totpUser();
    expectEnvelope(await verifyChallenge(api, 'not-a-challenge', 'TOTP', '123456'), 401, 'DPF-IAM-086');
    const c = await challenge(api, u);
    expectEnvelope(await verifyChallenge(api, c.challengeId, 'SMS', '123456'), 400, 'DPF-IAM-087');
    expectEnvelope(await api.post('/api/v1/auth/mfa/verify', { challengeId: c.challengeId, code: '123456' }), 400, 'DPF-API-001');
    expectEnvelope(await verifyChallenge(api, c.challengeId, 'PIGEON', '123456'), 400, 'DPF-API-001');
  });

  it('a user disabled while the challenge is pending cannot complete it', async () => {
    const u = await totpUser();
    const c = await challenge(api, u);
    expect((await api.request('PUT', `/api/v1/users/${u.id}/disable`, { token: rootToken, headers: { 'x-tenant-id': u.tenantId } })).status).toBe(200);
    expectEnvelope(await verifyChallenge(api, c.challengeId, 'TOTP', totp(u.secret, next())), 403, 'DPF-IAM-003');
  });
});

describe('backup codes', () => {
  it('a backup code completes a login once (recovery endpoint); used twice it is refused', async () => {
    const u = await totpUser();
    const c = await challenge(api, u);
    const res = await api.post('/api/v1/auth/mfa/recovery', { challengeId: c.challengeId, code: u.backupCodes[0] });
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.accessToken).amr).toEqual(['pwd', 'otp', 'mfa']);
    expect((await api.get('/api/v1/mfa/backup-codes/count', { token: u.token })).body).toEqual({ remainingCodes: 9 });
    const again = await challenge(api, u);
    expectEnvelope(await verifyChallenge(api, again.challengeId, 'BACKUP_CODE', u.backupCodes[0]), 400, 'DPF-IAM-081');
    // Typed in lower case without the dash, another code works.
    expect((await verifyChallenge(api, again.challengeId, 'BACKUP_CODE', u.backupCodes[1].toLowerCase().replace('-', ''))).status).toBe(200);
  });

  it('regenerate invalidates every earlier code', async () => {
    const u = await totpUser();
    const regenerated = await api.post('/api/v1/mfa/backup-codes/regenerate', undefined, { token: u.token });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.backupCodes).toHaveLength(10);
    expect(regenerated.body.remainingCodes).toBe(10);
    const c = await challenge(api, u);
    expectEnvelope(await api.post('/api/v1/auth/mfa/recovery', { challengeId: c.challengeId, code: u.backupCodes[0] }), 400, 'DPF-IAM-081');
    expect((await api.post('/api/v1/auth/mfa/recovery', { challengeId: c.challengeId, code: regenerated.body.backupCodes[0] })).status).toBe(200);
  });
});

describe('second MFA endpoint set', () => {
  it('setup (bearer) then verify without challengeId (bearer) activates TOTP', async () => {
    const m = await member();
    const setup = await api.post('/api/v1/auth/mfa/setup', undefined, { token: m.token });
    expect(setup.status).toBe(200);
    expect(setup.body.status).toBe('PENDING_VERIFICATION');
    expectEnvelope(await api.post('/api/v1/auth/mfa/verify', { code: totp(setup.body.secret) }), 401, 'DPF-AUTH-001');
    const verified = await api.post('/api/v1/auth/mfa/verify', { code: totp(setup.body.secret) }, { token: m.token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ status: 'ACTIVE', backupCodes: expect.any(Array) });
  });

  it('challenge (MFA token in the body) completes a login', async () => {
    const u = await totpUser();
    const c = await challenge(api, u);
    const res = await api.post('/api/v1/auth/mfa/challenge', { challengeId: c.challengeId, method: 'TOTP', code: totp(u.secret, next()) });
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toEqual(expect.any(String));
  });

  it('bearer and MFA: refused (403 DPF-IAM-088) with a password-only token, allowed after an MFA login', async () => {
    const u = await totpUser();
    expectEnvelope(await api.get('/api/v1/auth/mfa/recovery-codes', { token: u.token }), 403, 'DPF-IAM-088');
    expectEnvelope(await del('/api/v1/auth/mfa/disable', u.token), 403, 'DPF-IAM-088');
    const c = await challenge(api, u);
    const mfaToken = (await verifyChallenge(api, c.challengeId, 'TOTP', totp(u.secret, next()))).body.accessToken;
    const codes = await api.get('/api/v1/auth/mfa/recovery-codes', { token: mfaToken });
    expect(codes.status).toBe(200);
    expect(codes.body.backupCodes).toHaveLength(10);
    const disabled = await del('/api/v1/auth/mfa/disable', mfaToken);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ totpEnabled: false, smsEnabled: false, emailEnabled: false, remainingBackupCodes: 0, lastVerified: null });
    expectEnvelope(await del('/api/v1/auth/mfa/disable', mfaToken), 404, 'DPF-IAM-082');
    expect(await authEvents(platform.databaseUrl, u.id, 'MFA_DISABLED')).toHaveLength(1);
  });
});

describe('trusted devices and the tenant policy', () => {
  const POLICY = 'query { mfaSecurityPolicy { tenantId trustedDevicesSkipMfa updatedAt } }';
  const SET = 'mutation($v: Boolean!) { updateMfaSecurityPolicy(input: { trustedDevicesSkipMfa: $v }) { tenantId trustedDevicesSkipMfa } }';

  /** A TOTP user with a trusted device (fingerprint), after one MFA login from it. */
  async function withTrustedDevice(tenantId: string) {
    const u = await totpUser(tenantId);
    const fingerprint = `fp-${randomUUID()}`;
    const c = await challenge(api, u, fingerprint);
    const token = (await verifyChallenge(api, c.challengeId, 'TOTP', totp(u.secret, next()))).body.accessToken;
    const device = (await api.get('/api/v1/devices', { token })).body.data[0];
    expect((await api.post(`/api/v1/devices/${device.id}/trust`, undefined, { token })).status).toBe(200);
    return { ...u, fingerprint };
  }

  it('by default a trusted device skips MFA; an untrusted or unknown one does not', async () => {
    const tenant = randomUUID();
    const u = await withTrustedDevice(tenant);
    const skip = await api.post('/api/v1/auth/login', { email: u.email, password: u.password, deviceFingerprint: u.fingerprint });
    expect(skip.status).toBe(200);
    expect(claimsOf(skip.body.accessToken).amr).toEqual(['pwd']);
    await challenge(api, u, `fp-${randomUUID()}`);
    await challenge(api, u);
  });

  it('an admin turns the skip off for the tenant only; other tenants keep the default; non-admins 403', async () => {
    const [tenantA, tenantB] = [randomUUID(), randomUUID()];
    const adminA = await userWithRoles(api, rootToken, tenantA, ['ADMIN']);
    const inA = await withTrustedDevice(tenantA);
    const inB = await withTrustedDevice(tenantB);
    expect((await api.graphql(POLICY, {}, { token: adminA.token })).body.data.mfaSecurityPolicy).toEqual({ tenantId: tenantA, trustedDevicesSkipMfa: true, updatedAt: null });
    const set = await api.graphql(SET, { v: false }, { token: adminA.token });
    expect(set.body.data.updateMfaSecurityPolicy).toEqual({ tenantId: tenantA, trustedDevicesSkipMfa: false });

    await challenge(api, inA, inA.fingerprint);
    const b = await api.post('/api/v1/auth/login', { email: inB.email, password: inB.password, deviceFingerprint: inB.fingerprint });
    expect(b.body.accessToken).toEqual(expect.any(String));

    const plain = await member(tenantA);
    expect((await api.graphql(POLICY, {}, { token: plain.token })).body.errors[0].extensions.code).toBe('DPF-AUTH-007');
    expect((await api.graphql(SET, { v: true }, { token: adminA.token, headers: { 'x-tenant-id': tenantB } })).body.errors[0].extensions.code).toBe('DPF-API-011');
  });

  it('a device blocked while its challenge is pending cannot complete it', async () => {
    const u = await totpUser();
    const fingerprint = `fp-${randomUUID()}`;
    const c = await challenge(api, u, fingerprint);
    const device = (await api.get('/api/v1/devices', { token: u.token })).body.data.find((d: { id: number }) => d.id);
    expect((await api.post(`/api/v1/devices/${device.id}/block`, {}, { token: u.token })).status).toBe(200);
    expectEnvelope(await verifyChallenge(api, c.challengeId, 'TOTP', totp(u.secret, next())), 403, 'DPF-IAM-043');
  });
});

describe('tenant isolation', () => {
  it('MFA state is per user and tenant: another user\'s codes and challenges do not carry over', async () => {
    const a = await totpUser(randomUUID());
    const b = await totpUser(randomUUID());
    expect((await api.get('/api/v1/mfa/backup-codes/count', { token: b.token })).body).toEqual({ remainingCodes: 10 });
    const cb = await challenge(api, b);
    expectEnvelope(await verifyChallenge(api, cb.challengeId, 'BACKUP_CODE', a.backupCodes[0]), 400, 'DPF-IAM-081');
    expectEnvelope(await verifyChallenge(api, cb.challengeId, 'TOTP', totp(a.secret, next())), 400, 'DPF-IAM-081');
    expect((await api.get('/api/v1/mfa/backup-codes/count', { token: a.token })).body).toEqual({ remainingCodes: 10 });
  });
});
