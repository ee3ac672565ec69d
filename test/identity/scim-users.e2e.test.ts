import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { startIdentityPlatform, twoTenantFixture, type IdentityPlatform, type TwoTenantFixture } from '../harness/identity-factories';
import { createScimUser, expectScimError, issueToken, patch, scim, USER_SCHEMA, userBody } from './scim-helpers';

/** Issue 4, "SCIM 2.0": tokens, authentication, Users (create, read, replace, patch, deactivate, delete), tenant isolation. */
let ctx: IdentityPlatform;
let api: ApiClient;
let cast: TwoTenantFixture;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  ctx = await startIdentityPlatform((url) => new ApiClient(url));
  api = ctx.api;
  cast = await twoTenantFixture(api, ctx.rootToken, randomUUID(), randomUUID());
  tokenA = (await issueToken(api, cast.adminA.token, 'okta')).token;
  tokenB = (await issueToken(api, cast.adminB.token, 'entra')).token;
});
afterAll(() => ctx?.stop());

describe('SCIM tokens', () => {
  it('are issued once by a tenant admin, stored hashed, listed without the secret', async () => {
    const res = await api.post('/api/v1/scim/tokens', { name: 'provisioner' }, { token: cast.adminA.token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'provisioner', status: 'ACTIVE', createdBy: cast.adminA.id, token: expect.stringMatching(/^dps_scim_[0-9A-Za-z]{43}$/) });
    expect(res.body.token.startsWith(res.body.prefix)).toBe(true);
    const { rows } = await ctx.db.query('SELECT token_hash FROM identity.scim_tokens WHERE id = $1', [res.body.id]);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ctx.platform.output()).not.toContain(res.body.token);
    const list = await api.get('/api/v1/scim/tokens', { token: cast.adminA.token });
    expect(list.status).toBe(200);
    expect(list.body.find((t: any) => t.id === res.body.id)).toMatchObject({ name: 'provisioner', status: 'ACTIVE' });
    expect(JSON.stringify(list.body)).not.toContain(res.body.token);
    // tenant B's admin does not see tenant A's tokens
    const other = await api.get('/api/v1/scim/tokens', { token: cast.adminB.token });
    expect(other.body.some((t: any) => t.id === res.body.id)).toBe(false);
  });

  it('refuses non-admins, anonymous callers and bad input', async () => {
    expectEnvelope(await api.post('/api/v1/scim/tokens', { name: 'x' }, { token: cast.member.token }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post('/api/v1/scim/tokens', { name: 'x' }), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.post('/api/v1/scim/tokens', { name: '' }, { token: cast.adminA.token }), 400);
    expectEnvelope(await api.post('/api/v1/scim/tokens', { name: 'x', bogus: 1 }, { token: cast.adminA.token }), 400);
  });

  it('revocation takes effect at once; another tenant cannot revoke', async () => {
    const { id, token } = await issueToken(api, cast.adminA.token, 'short-lived');
    expect((await scim(api, token, 'GET', '/Users?count=1')).status).toBe(200);
    expectEnvelope(await api.request('DELETE', `/api/v1/scim/tokens/${id}`, { token: cast.adminB.token }), 404, 'DPF-IAM-145');
    expect((await api.request('DELETE', `/api/v1/scim/tokens/${id}`, { token: cast.adminA.token })).status).toBe(204);
    const refused = await scim(api, token, 'GET', '/Users?count=1');
    expectScimError(refused, 401);
    expect(refused.headers.get('www-authenticate')).toContain('Bearer');
    const list = await api.get('/api/v1/scim/tokens', { token: cast.adminA.token });
    expect(list.body.find((t: any) => t.id === id)).toMatchObject({ status: 'REVOKED', revokedAt: expect.any(String) });
  });
});

describe('SCIM authentication', () => {
  it('answers every authentication failure as a SCIM error', async () => {
    expectScimError(await scim(api, undefined, 'GET', '/Users'), 401);
    expectScimError(await scim(api, `dps_scim_${'x'.repeat(43)}`, 'GET', '/Users'), 401);
    expectScimError(await scim(api, 'dps_scim_short', 'GET', '/Users'), 401);
    const access = await scim(api, cast.adminA.token, 'GET', '/Users');
    expectScimError(access, 401);
    expect(access.body.detail).toBe('This endpoint requires a SCIM bearer token');
  });

  it('refuses a SCIM token everywhere else', async () => {
    expectEnvelope(await api.get('/api/v1/users/me', { token: tokenA }), 401, 'DPF-IAM-144');
    expectEnvelope(await api.get('/api/v1/scim/tokens', { token: tokenA }), 401, 'DPF-IAM-144');
    const gql = await api.graphql('{ scimUsers }', {}, { token: tokenA });
    expect(gql.body.errors[0].extensions.code).toBe('DPF-IAM-144');
  });

  it('serves the discovery documents publicly', async () => {
    const config = await scim(api, undefined, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: { supported: false } });
    const schemas = await scim(api, undefined, 'GET', '/Schemas');
    expect(schemas.body.Resources.map((s: any) => s.id)).toEqual([USER_SCHEMA, 'urn:ietf:params:scim:schemas:core:2.0:Group']);
    const types = await scim(api, tokenA, 'GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: any) => r.endpoint)).toEqual(['/Users', '/Groups']);
  });
});

describe('SCIM Users', () => {
  it('creates a user with Location, ETag and the SCIM representation', async () => {
    const body: Record<string, any> = userBody({ externalId: `ext-${randomUUID()}`, displayName: 'Sam S.', emails: [{ value: 'Sam.Work@E2E.test', type: 'work', primary: true }] });
    const res = await scim(api, tokenA, 'POST', '/Users', body);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(res.body).toMatchObject({
      schemas: [USER_SCHEMA], id: expect.any(String), externalId: body.externalId, userName: body.userName, displayName: 'Sam S.', active: true,
      name: { givenName: 'Sam', familyName: 'Scim' }, emails: [{ value: 'sam.work@e2e.test', type: 'work', primary: true }], groups: [],
      meta: { resourceType: 'User', created: expect.any(String), lastModified: expect.any(String), version: expect.stringMatching(/^W\/"/) },
    });
    expect(res.headers.get('location')).toBe(res.body.meta.location);
    expect(res.body.meta.location).toMatch(new RegExp(`/api/v1/scim/v2/Users/${res.body.id}$`));
    expect(res.headers.get('etag')).toBe(res.body.meta.version);
    const got = await scim(api, tokenA, 'GET', `/Users/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    // the user really exists in the tenant, with role USER
    const admin = await api.get(`/api/v1/users/${res.body.id}`, { token: cast.adminA.token });
    expect(admin.body).toMatchObject({ email: body.userName, roles: ['USER'], enabled: true });
  });

  it('refuses duplicates (409 uniqueness) and bad bodies (400)', async () => {
    const user = await createScimUser(api, tokenA, { externalId: `dup-${randomUUID()}` });
    expectScimError(await scim(api, tokenA, 'POST', '/Users', userBody({ userName: user.userName.toUpperCase() })), 409, 'uniqueness');
    expectScimError(await scim(api, tokenA, 'POST', '/Users', userBody({ externalId: user.externalId })), 409, 'uniqueness');
    expectScimError(await scim(api, tokenA, 'POST', '/Users', userBody({ userName: undefined })), 400, 'invalidValue');
    expectScimError(await scim(api, tokenA, 'POST', '/Users', userBody({ userName: 'not-an-email' })), 400, 'invalidValue');
    expectScimError(await scim(api, tokenA, 'POST', '/Users', { ...userBody(), schemas: ['urn:other'] }), 400, 'invalidSyntax');
    expectScimError(await scim(api, tokenA, 'POST', '/Users', userBody({ active: 'maybe' })), 400, 'invalidValue');
    const malformed = await api.request('POST', '/api/v1/scim/v2/Users', { token: tokenA, headers: { 'content-type': 'application/scim+json' }, raw: '{"schemas":' });
    expectScimError(malformed, 400, 'invalidSyntax');
    // the same userName is free in another tenant
    expect((await scim(api, tokenB, 'POST', '/Users', userBody({ userName: user.userName }))).status).toBe(201);
  });

  it('keeps tenants apart', async () => {
    const user = await createScimUser(api, tokenA);
    expectScimError(await scim(api, tokenB, 'GET', `/Users/${user.id}`), 404);
    expectScimError(await scim(api, tokenB, 'PUT', `/Users/${user.id}`, userBody()), 404);
    expectScimError(await scim(api, tokenB, 'PATCH', `/Users/${user.id}`, patch({ op: 'replace', path: 'active', value: false })), 404);
    expectScimError(await scim(api, tokenB, 'DELETE', `/Users/${user.id}`), 404);
    const listed = await scim(api, tokenB, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`);
    expect(listed.body.totalResults).toBe(0);
    expect((await scim(api, tokenA, 'GET', `/Users/${user.id}`)).body.active).toBe(true);
    expectScimError(await scim(api, tokenA, 'GET', '/Users/not-a-uuid'), 404);
  });

  it('replaces a user with PUT', async () => {
    const user = await createScimUser(api, tokenA, { externalId: `put-${randomUUID()}`, displayName: 'Before' });
    const replacement = { schemas: [USER_SCHEMA], id: user.id, userName: user.userName, name: { givenName: 'Pat', familyName: 'Put' }, active: true };
    const res = await scim(api, tokenA, 'PUT', `/Users/${user.id}`, replacement);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: { givenName: 'Pat', familyName: 'Put' }, displayName: 'Pat Put', emails: [{ value: user.userName, primary: true }] });
    // externalId absent from the replacement: cleared
    expect(res.body.externalId).toBeUndefined();
  });

  it('applies PATCH operations with and without paths', async () => {
    const user = await createScimUser(api, tokenA, { emails: [{ value: 'home@e2e.test', type: 'home' }] });
    const res = await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, patch(
      { op: 'Replace', path: 'name.givenName', value: 'Patty' },
      { op: 'add', value: { displayName: 'Patty P', externalId: `patch-${user.id}` } },
      { op: 'replace', path: 'emails[type eq "work"].value', value: 'work@e2e.test' },
      { op: 'add', path: 'emails', value: [{ value: 'other@e2e.test', type: 'other' }] },
      { op: 'remove', path: 'emails[type eq "home"]' },
    ));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: { givenName: 'Patty', familyName: 'Scim' }, displayName: 'Patty P', externalId: `patch-${user.id}` });
    expect(res.body.emails.map((e: any) => e.value)).toEqual(['work@e2e.test', 'other@e2e.test']);
    const again = await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, patch({ op: 'replace', path: 'emails[type eq "work"].value', value: 'new-work@e2e.test' }, { op: 'remove', path: 'displayName' }));
    expect(again.body.emails[0]).toMatchObject({ value: 'new-work@e2e.test', type: 'work' });
    expect(again.body.displayName).toBe('Patty Scim');
    expectScimError(await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, patch({ op: 'move', path: 'x' })), 400, 'invalidSyntax');
    expectScimError(await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, patch({ op: 'replace', path: 'emails[type eq', value: 'x' })), 400, 'invalidPath');
    expectScimError(await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, patch({ op: 'replace', path: 'id', value: randomUUID() })), 400, 'mutability');
    expectScimError(await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, patch({ op: 'remove' })), 400, 'noTarget');
    expectScimError(await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, { Operations: [] }), 400, 'invalidSyntax');
    expectScimError(await scim(api, tokenA, 'PATCH', `/Users/${randomUUID()}`, patch({ op: 'replace', path: 'active', value: false })), 404);
  });

  it('DELETE revokes sessions, access tokens and API keys, and the user can no longer log in', async () => {
    const password = `Pw-${randomUUID()}`;
    const user = await createScimUser(api, tokenA, { password });
    const login = await api.login(user.userName, password);
    const key = await api.post('/api/v1/api-keys', { name: 'k', scopes: ['profile:read'] }, { token: login.accessToken });
    expect(key.status).toBe(201);
    expect((await api.get('/api/v1/users/me', { token: login.accessToken })).status).toBe(200);
    expect((await api.get('/api/v1/users/me', { headers: { 'x-api-key': key.body.apiKey } })).status).toBe(200);

    const res = await scim(api, tokenA, 'DELETE', `/Users/${user.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectEnvelope(await api.get('/api/v1/users/me', { token: login.accessToken }), 401, 'DPF-AUTH-009');
    expectEnvelope(await api.get('/api/v1/users/me', { headers: { 'x-api-key': key.body.apiKey } }), 401, 'DPF-IAM-061');
    expect((await api.post('/api/v1/auth/refresh', { refreshToken: login.refreshToken })).status).toBe(401);
    // the account is gone for login too: the same answer as an unknown e-mail
    expectEnvelope(await api.post('/api/v1/auth/login', { email: user.userName, password }), 401, 'DPF-IAM-001');
    const { rows } = await ctx.db.query('SELECT count(*)::int AS live FROM identity.sessions WHERE user_id = $1 AND revoked_at IS NULL', [user.id]);
    expect(rows[0].live).toBe(0);
  });

  it('DELETE removes the user from SCIM (RFC 7644 3.6) and from the users API, keeping the row for audit', async () => {
    const externalId = `del-${randomUUID()}`;
    const user = await createScimUser(api, tokenA, { externalId });
    expect((await scim(api, tokenA, 'DELETE', `/Users/${user.id}`)).status).toBe(204);

    expectScimError(await scim(api, tokenA, 'GET', `/Users/${user.id}`), 404);
    expectScimError(await scim(api, tokenA, 'PUT', `/Users/${user.id}`, userBody({ userName: user.userName })), 404);
    expectScimError(await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, patch({ op: 'replace', path: 'active', value: true })), 404);
    expectScimError(await scim(api, tokenA, 'DELETE', `/Users/${user.id}`), 404);
    for (const filter of [`userName eq "${user.userName}"`, `externalId eq "${externalId}"`, `id eq "${user.id}"`]) {
      const listed = await scim(api, tokenA, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ totalResults: 0, Resources: [] });
    }
    const all = await scim(api, tokenA, 'GET', '/Users?count=200');
    expect(all.body.Resources.map((r: any) => r.id)).not.toContain(user.id);

    // the users API treats it like a deleted user: 404, absent from the list, no change possible
    expectEnvelope(await api.get(`/api/v1/users/${user.id}`, { token: cast.adminA.token }), 404, 'DPF-IAM-005');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${user.id}/enable`, { token: cast.adminA.token }), 404, 'DPF-IAM-005');
    const listed = await api.get(`/api/v1/users?search=${encodeURIComponent(user.userName)}`, { token: cast.adminA.token });
    expect(listed.body.data).toEqual([]);

    // the row is kept, disabled and marked, without roles
    const { rows } = await ctx.db.query(
      'SELECT enabled, deleted_at, (SELECT count(*)::int FROM identity.user_roles r WHERE r.user_id = u.id) AS roles FROM identity.users u WHERE id = $1', [user.id]);
    expect(rows).toEqual([{ enabled: false, deleted_at: expect.any(Date), roles: 0 }]);

    // the identity provider may create the person again, with the same userName and externalId
    const again = await scim(api, tokenA, 'POST', '/Users', userBody({ userName: user.userName, externalId }));
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(user.id);
    const found = await scim(api, tokenA, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`);
    expect(found.body.Resources.map((r: any) => r.id)).toEqual([again.body.id]);
  });

  it('active=false only deactivates: the user stays visible and can be reactivated (API keys stay revoked)', async () => {
    const password = `Pw-${randomUUID()}`;
    const user = await createScimUser(api, tokenA, { password });
    const login = await api.login(user.userName, password);
    const key = await api.post('/api/v1/api-keys', { name: 'k', scopes: ['profile:read'] }, { token: login.accessToken });
    const off = await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, patch({ op: 'replace', value: { active: 'False' } }));
    expect(off.body.active).toBe(false);
    expectEnvelope(await api.get('/api/v1/users/me', { token: login.accessToken }), 401, 'DPF-AUTH-009');
    expect((await api.post('/api/v1/auth/login', { email: user.userName, password })).status).toBe(403);
    expect((await scim(api, tokenA, 'GET', `/Users/${user.id}`)).body.active).toBe(false);
    const back = await scim(api, tokenA, 'PATCH', `/Users/${user.id}`, patch({ op: 'replace', value: { active: 'True' } }));
    expect(back.body.active).toBe(true);
    expect((await api.post('/api/v1/auth/login', { email: user.userName, password })).status).toBe(200);
    expectEnvelope(await api.get('/api/v1/users/me', { headers: { 'x-api-key': key.body.apiKey } }), 401, 'DPF-IAM-061');
  });
});
