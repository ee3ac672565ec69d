import { randomUUID } from 'node:crypto';
import { catalogue } from '@dataplat/identity';
import { SUBGRAPH_PERMISSIONS } from '@dataplat/launcher';

const CATALOGUE = catalogue(SUBGRAPH_PERMISSIONS);
import { ApiClient, expectEnvelope } from '../harness/client';
import { createUser, roleId } from '../harness/factories';
import { createRole, loginAs, permissionIds, startIdentityPlatform, twoTenantFixture, uniqueRoleName, userWithRoles, type IdentityPlatform, type Session } from '../harness/identity-factories';

/** Spec 1 "Roles and permissions". */
let ctx: IdentityPlatform;
let api: ApiClient;
let root: string;
const tenantA = randomUUID();
const tenantB = randomUUID();
let adminA: Session;
let adminB: Session;
let member: Session;
let viewerId: number;
let perms: Record<string, number>;

/** Identity's own permissions (subgraphs/identity/src/permissions.ts), used below by name. */
const IDENTITY = [
  'api-keys:read', 'api-keys:write', 'audit:read', 'devices:read', 'devices:write', 'permissions:read', 'profile:read', 'profile:write',
  'roles:delete', 'roles:read', 'roles:write', 'sessions:read', 'sessions:write', 'users:delete', 'users:read', 'users:write',
];

beforeAll(async () => {
  ctx = await startIdentityPlatform((url) => new ApiClient(url));
  api = ctx.api;
  root = ctx.rootToken;
  ({ adminA, adminB, member } = await twoTenantFixture(api, root, tenantA, tenantB));
  viewerId = await roleId(api, root, 'VIEWER');
  const ids = await permissionIds(api, root, IDENTITY);
  perms = Object.fromEntries(IDENTITY.map((n, i) => [n, ids[i]]));
});
afterAll(() => ctx?.stop());

const h = (tenantId: string) => ({ 'x-tenant-id': tenantId });
const createA = (body: Record<string, unknown>, token = adminA.token) => api.post('/api/v1/roles', body, { token, headers: h(tenantA) });

describe('POST /api/v1/roles', () => {
  it('creates a custom role (201 RoleResponse) with its permissions', async () => {
    const name = uniqueRoleName();
    const res = await createA({ name, description: 'Reads users', permissionIds: [perms['users:read'], perms['roles:read'], perms['users:read']] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number), name, description: 'Reads users', systemRole: false, userCount: 0,
      permissions: [
        { id: perms['roles:read'], name: 'roles:read', resource: 'roles', action: 'read' },
        { id: perms['users:read'], name: 'users:read', resource: 'users', action: 'read' },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const bare = await createA({ name: uniqueRoleName() });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ description: '', permissions: [] });
  });

  it('keeps names unique per tenant (409 DPF-IAM-021, any case) and reserves system role names', async () => {
    const name = uniqueRoleName();
    expect((await createA({ name })).status).toBe(201);
    expectEnvelope(await createA({ name }), 409, 'DPF-IAM-021');
    expectEnvelope(await createA({ name: name.toLowerCase() }), 409, 'DPF-IAM-021');
    for (const reserved of ['ADMIN', 'admin', 'Platform_Admin', 'VIEWER', 'USER', 'AUDITOR']) expectEnvelope(await createA({ name: reserved }), 409, 'DPF-IAM-021');
    // Another tenant may use the same name.
    expect((await api.post('/api/v1/roles', { name }, { token: adminB.token, headers: h(tenantB) })).status).toBe(201);
  });

  it('refuses unknown permission ids (400 DPF-IAM-024 naming them) and invalid bodies (400 DPF-API-001)', async () => {
    const res = await createA({ name: uniqueRoleName(), permissionIds: [perms['users:read'], 987654, 987655] });
    expectEnvelope(res, 400, 'DPF-IAM-024');
    expect(res.body.error.details).toEqual({ permissionIds: [987654, 987655] });
    expect(res.body.error.message).toContain('987654');
    for (const body of [{}, { name: '' }, { name: '1abc' }, { name: 'has space' }, { name: 'x'.repeat(65) }, { name: uniqueRoleName(), systemRole: true }, { name: uniqueRoleName(), permissionIds: ['users:read'] }]) {
      expectEnvelope(await createA(body), 400, 'DPF-API-001');
    }
  });

  it('needs X-Tenant-ID (400 DPF-API-012), of the own tenant unless a platform admin (403 DPF-API-011)', async () => {
    expectEnvelope(await api.post('/api/v1/roles', { name: uniqueRoleName() }, { token: adminA.token }), 400, 'DPF-API-012');
    expectEnvelope(await api.post('/api/v1/roles', { name: uniqueRoleName() }, { token: adminA.token, headers: h(tenantB) }), 403, 'DPF-API-011');
    const byRoot = await api.post('/api/v1/roles', { name: uniqueRoleName() }, { token: root, headers: h(tenantB) });
    expect(byRoot.status).toBe(201);
    expect((await api.get(`/api/v1/roles/${byRoot.body.id}`, { token: adminB.token })).status).toBe(200);
    expectEnvelope(await api.get(`/api/v1/roles/${byRoot.body.id}`, { token: adminA.token }), 404, 'DPF-IAM-020');
  });

  it('is 401 without a token and 403 for a non-admin', async () => {
    expectEnvelope(await api.post('/api/v1/roles', { name: uniqueRoleName() }, { headers: h(tenantA) }), 401, 'DPF-AUTH-001');
    expectEnvelope(await createA({ name: uniqueRoleName() }, member.token), 403, 'DPF-AUTH-007');
  });
});

describe('GET /api/v1/roles/{roleId}, /roles, /roles/all', () => {
  it('gets a system role or an own role; another tenant\'s role is 404', async () => {
    const own = await createRole(api, adminA.token, tenantA);
    const other = await createRole(api, adminB.token, tenantB);
    expect((await api.get(`/api/v1/roles/${own}`, { token: adminA.token })).body).toMatchObject({ id: own, systemRole: false });
    expect((await api.get(`/api/v1/roles/${viewerId}`, { token: adminA.token })).body).toMatchObject({ id: viewerId, name: 'VIEWER', systemRole: true });
    expectEnvelope(await api.get(`/api/v1/roles/${other}`, { token: adminA.token }), 404, 'DPF-IAM-020');
    expectEnvelope(await api.get('/api/v1/roles/999999', { token: adminA.token }), 404, 'DPF-IAM-020');
    expectEnvelope(await api.get('/api/v1/roles/abc', { token: adminA.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.get(`/api/v1/roles/${own}`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get(`/api/v1/roles/${own}`, { token: member.token }), 403, 'DPF-AUTH-007');
  });

  it('lists system roles and the own ones in the list envelope, paginated, searchable and sortable', async () => {
    const mine = await createRole(api, adminA.token, tenantA, { name: `Zeta_${randomUUID().slice(0, 6)}`, description: 'findme' });
    const theirs = await createRole(api, adminB.token, tenantB);
    const all = await api.get('/api/v1/roles?size=100', { token: adminA.token });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(['data', 'pagination']);
    const names = all.body.data.map((r: { name: string }) => r.name);
    expect(names.slice(0, 5)).toEqual(['ADMIN', 'AUDITOR', 'PLATFORM_ADMIN', 'USER', 'VIEWER']);
    const listed = all.body.data.map((r: { id: number }) => r.id);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(theirs);
    const page = await api.get('/api/v1/roles?page=1&size=2', { token: adminA.token });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.pagination).toEqual({ page: 1, size: 2, total: all.body.data.length, totalPages: Math.ceil(all.body.data.length / 2), hasNext: all.body.data.length > 4, hasPrevious: true });
    const found = await api.get('/api/v1/roles?search=FINDME', { token: adminA.token });
    expect(found.body.data.map((r: { id: number }) => r.id)).toEqual([mine]);
    const desc = await api.get('/api/v1/roles?sort=name&order=desc&size=100', { token: adminA.token });
    const descNames = desc.body.data.map((r: { name: string }) => r.name);
    expect(descNames).toEqual([...descNames].sort().reverse());
    expectEnvelope(await api.get('/api/v1/roles?sort=password', { token: adminA.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/roles?size=101', { token: adminA.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/roles'), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get('/api/v1/roles', { token: member.token }), 403, 'DPF-AUTH-007');
    const unpaged = await api.get('/api/v1/roles/all', { token: adminA.token });
    expect(unpaged.body.map((r: { id: number }) => r.id)).toContain(mine);
    expect(unpaged.body.map((r: { id: number }) => r.id)).not.toContain(theirs);
  });

  it('counts only users of the acting tenant', async () => {
    await createUser(api, adminA.token, { tenantId: tenantA, roleIds: [viewerId] });
    await createUser(api, adminB.token, { tenantId: tenantB, roleIds: [viewerId] });
    await createUser(api, adminB.token, { tenantId: tenantB, roleIds: [viewerId] });
    const a = (await api.get(`/api/v1/roles/${viewerId}`, { token: adminA.token })).body.userCount;
    const b = (await api.get(`/api/v1/roles/${viewerId}`, { token: adminB.token })).body.userCount;
    expect([a, b]).toEqual([1, 2]);
  });
});

describe('PUT /api/v1/roles/{roleId}', () => {
  it('renames and re-describes a custom role', async () => {
    const id = await createRole(api, adminA.token, tenantA);
    const name = uniqueRoleName();
    const res = await api.request('PUT', `/api/v1/roles/${id}`, { token: adminA.token, body: { name, description: 'renamed' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name, description: 'renamed' });
    expect((await api.request('PUT', `/api/v1/roles/${id}`, { token: adminA.token, body: { description: 'only this' } })).body).toMatchObject({ name, description: 'only this' });
  });

  it('refuses a duplicate name (409), renaming a system role (400 DPF-IAM-022) and bad input (400)', async () => {
    const [a, b] = [await createRole(api, adminA.token, tenantA), await createRole(api, adminA.token, tenantA)];
    const nameOfB = (await api.get(`/api/v1/roles/${b}`, { token: adminA.token })).body.name;
    expectEnvelope(await api.request('PUT', `/api/v1/roles/${a}`, { token: adminA.token, body: { name: nameOfB } }), 409, 'DPF-IAM-021');
    expectEnvelope(await api.request('PUT', `/api/v1/roles/${a}`, { token: adminA.token, body: { name: 'VIEWER' } }), 409, 'DPF-IAM-021');
    expectEnvelope(await api.request('PUT', `/api/v1/roles/${viewerId}`, { token: root, body: { name: 'WATCHER' } }), 400, 'DPF-IAM-022');
    expectEnvelope(await api.request('PUT', `/api/v1/roles/${a}`, { token: adminA.token, body: { name: 'bad name' } }), 400, 'DPF-API-001');
    expectEnvelope(await api.request('PUT', `/api/v1/roles/${a}`, { token: adminA.token, body: { permissionIds: [] } }), 400, 'DPF-API-001');
  });

  it('lets only a platform admin re-describe a system role (shared by every tenant)', async () => {
    expectEnvelope(await api.request('PUT', `/api/v1/roles/${viewerId}`, { token: adminA.token, body: { description: 'mine now' } }), 403, 'DPF-AUTH-007');
    const res = await api.request('PUT', `/api/v1/roles/${viewerId}`, { token: root, body: { name: 'VIEWER', description: 'Read-only member' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'VIEWER', description: 'Read-only member' });
  });

  it('is 401 / 403 / 404 and isolated by tenant', async () => {
    const other = await createRole(api, adminB.token, tenantB);
    expectEnvelope(await api.request('PUT', `/api/v1/roles/${other}`, { token: adminA.token, body: { description: 'x' } }), 404, 'DPF-IAM-020');
    expectEnvelope(await api.request('PUT', `/api/v1/roles/${other}`, { body: { description: 'x' } }), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.request('PUT', `/api/v1/roles/${other}`, { token: member.token, body: { description: 'x' } }), 403, 'DPF-AUTH-007');
  });
});

describe('role permissions', () => {
  const path = (id: number) => `/api/v1/roles/${id}/permissions`;
  const names = (role: { permissions: Array<{ name: string }> }) => role.permissions.map((p) => p.name);

  it('replaces (PUT), adds (POST) and removes (DELETE, 204) permissions; GET lists them', async () => {
    const id = await createRole(api, adminA.token, tenantA, { permissionIds: [perms['audit:read']] });
    const set = await api.request('PUT', path(id), { token: adminA.token, body: [perms['users:read'], perms['users:write']] });
    expect(set.status).toBe(200);
    expect(names(set.body)).toEqual(['users:read', 'users:write']);
    const added = await api.post(path(id), [perms['roles:read'], perms['users:read']], { token: adminA.token });
    expect(added.status).toBe(200);
    expect(names(added.body)).toEqual(['roles:read', 'users:read', 'users:write']);
    const removed = await api.request('DELETE', path(id), { token: adminA.token, body: [perms['users:write'], perms['audit:read']] });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    const listed = await api.get(path(id), { token: adminA.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { id: perms['roles:read'], name: 'roles:read', resource: 'roles', action: 'read' },
      { id: perms['users:read'], name: 'users:read', resource: 'users', action: 'read' },
    ]);
    expect(names((await api.request('PUT', path(id), { token: adminA.token, body: [] })).body)).toEqual([]);
  });

  it('refuses unknown permission ids (400 DPF-IAM-024), empty add/remove lists and non-arrays (400 DPF-API-001)', async () => {
    const id = await createRole(api, adminA.token, tenantA);
    for (const [method, body] of [['PUT', [424242]], ['POST', [424242]], ['DELETE', [424242]]] as const) {
      const res = await api.request(method, path(id), { token: adminA.token, body });
      expectEnvelope(res, 400, 'DPF-IAM-024');
      expect(res.body.error.details).toEqual({ permissionIds: [424242] });
    }
    expectEnvelope(await api.post(path(id), [], { token: adminA.token }), 400, 'DPF-API-001');
    expectEnvelope(await api.request('DELETE', path(id), { token: adminA.token, body: [] }), 400, 'DPF-API-001');
    expectEnvelope(await api.request('PUT', path(id), { token: adminA.token, body: { permissionIds: [] } }), 400, 'DPF-API-001');
  });

  it('lets only a platform admin change the permissions of a system role', async () => {
    const before = (await api.get(path(viewerId), { token: root })).body.map((p: { id: number }) => p.id);
    for (const method of ['PUT', 'POST', 'DELETE'] as const) {
      expectEnvelope(await api.request(method, path(viewerId), { token: adminA.token, body: [perms['audit:read']] }), 403, 'DPF-AUTH-007');
    }
    const added = await api.post(path(viewerId), [perms['audit:read']], { token: root });
    expect(added.status).toBe(200);
    expect(names(added.body)).toContain('audit:read');
    // Shared by every tenant: tenant B sees the change.
    expect((await api.get(path(viewerId), { token: adminB.token })).body.map((p: { name: string }) => p.name)).toContain('audit:read');
    expect((await api.request('PUT', path(viewerId), { token: root, body: before })).status).toBe(200);
  });

  it('is 401 / 403 / 404 and isolated by tenant', async () => {
    const other = await createRole(api, adminB.token, tenantB);
    expectEnvelope(await api.get(path(other), { token: adminA.token }), 404, 'DPF-IAM-020');
    for (const method of ['PUT', 'POST', 'DELETE'] as const) {
      expectEnvelope(await api.request(method, path(other), { token: adminA.token, body: [perms['users:read']] }), 404, 'DPF-IAM-020');
      expectEnvelope(await api.request(method, path(other), { body: [perms['users:read']] }), 401, 'DPF-AUTH-001');
      expectEnvelope(await api.request(method, path(other), { token: member.token, body: [perms['users:read']] }), 403, 'DPF-AUTH-007');
    }
    expectEnvelope(await api.get(path(999999), { token: adminA.token }), 404, 'DPF-IAM-020');
    expectEnvelope(await api.get(path(other), { token: member.token }), 403, 'DPF-AUTH-007');
  });
});

describe('DELETE /api/v1/roles/{roleId}', () => {
  it('deletes an unused custom role (204); then it is 404', async () => {
    const id = await createRole(api, adminA.token, tenantA, { permissionIds: [perms['users:read']] });
    const res = await api.request('DELETE', `/api/v1/roles/${id}`, { token: adminA.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectEnvelope(await api.get(`/api/v1/roles/${id}`, { token: adminA.token }), 404, 'DPF-IAM-020');
    expectEnvelope(await api.request('DELETE', `/api/v1/roles/${id}`, { token: adminA.token }), 404, 'DPF-IAM-020');
  });

  it('refuses a role still held by users (409 DPF-IAM-023), until it is taken from them', async () => {
    const id = await createRole(api, adminA.token, tenantA);
    const u = await createUser(api, adminA.token, { tenantId: tenantA, roleIds: [id] });
    expectEnvelope(await api.request('DELETE', `/api/v1/roles/${id}`, { token: adminA.token }), 409, 'DPF-IAM-023');
    expect((await api.request('DELETE', `/api/v1/users/${u.id}/roles/${id}`, { token: adminA.token })).status).toBe(204);
    expect((await api.request('DELETE', `/api/v1/roles/${id}`, { token: adminA.token })).status).toBe(204);
  });

  it('refuses system roles (400 DPF-IAM-022), even for a platform admin', async () => {
    expectEnvelope(await api.request('DELETE', `/api/v1/roles/${viewerId}`, { token: root }), 400, 'DPF-IAM-022');
    expectEnvelope(await api.request('DELETE', `/api/v1/roles/${viewerId}`, { token: adminA.token }), 400, 'DPF-IAM-022');
  });

  it('is 401 / 403 / 404 and isolated by tenant', async () => {
    const other = await createRole(api, adminB.token, tenantB);
    expectEnvelope(await api.request('DELETE', `/api/v1/roles/${other}`, { token: adminA.token }), 404, 'DPF-IAM-020');
    expectEnvelope(await api.request('DELETE', `/api/v1/roles/${other}`), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.request('DELETE', `/api/v1/roles/${other}`, { token: member.token }), 403, 'DPF-AUTH-007');
    expect((await api.get(`/api/v1/roles/${other}`, { token: adminB.token })).status).toBe(200);
  });
});

describe('GET /api/v1/permissions', () => {
  it('lists the seeded catalogue of every domain to any authenticated caller, by name', async () => {
    const names = CATALOGUE.map((p) => p.name).sort();
    expect(names).toEqual(expect.arrayContaining([...IDENTITY, 'billing:read', 'tenants:read', 'metering:write', 'oauth-clients:write']));
    for (const token of [member.token, adminA.token, root]) {
      const res = await api.get('/api/v1/permissions', { token });
      expect(res.status).toBe(200);
      expect(res.body.map((p: { name: string }) => p.name)).toEqual(names);
      for (const p of res.body) expect(p).toEqual({ id: expect.any(Number), name: `${p.resource}:${p.action}`, resource: p.resource, action: p.action });
    }
  });

  it('is 401 without a token', async () => {
    expectEnvelope(await api.get('/api/v1/permissions'), 401, 'DPF-AUTH-001');
  });

  it('is the permissions query over /graphql', async () => {
    const res = await api.graphql('{ permissions { name } }', undefined, { token: member.token });
    expect(res.body.data.permissions).toHaveLength(CATALOGUE.length);
  });

  it('starts ADMIN with every permission but those given deliberately (credential minting, service scopes)', async () => {
    const admin = await api.get(`/api/v1/roles/${await roleId(api, root, 'ADMIN')}/permissions`, { token: root });
    const names = admin.body.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['users:write', 'billing:read', 'tenants:read', 'audit:read']));
    for (const deliberate of ['oauth-clients:write', 'service-clients:write', 'metering:write', 'users:locate']) expect(names).not.toContain(deliberate);
  });
});

describe('a custom role that administers users (its permissions delegate part of ADMIN)', () => {
  it('manages plain users, but touches no administrator and grants nothing beyond its own permissions', async () => {
    const managerRole = await createRole(api, adminA.token, tenantA, { permissionIds: [perms['users:read'], perms['users:write']] });
    const manager = await loginAs(api, await createUser(api, adminA.token, { tenantId: tenantA, roleIds: [managerRole] }));
    const as = { token: manager.token };
    expect((await api.get('/api/v1/users', as)).status).toBe(200);
    const plain = await createUser(api, adminA.token, { tenantId: tenantA });
    const renamed = await api.request('PUT', `/api/v1/users/${plain.id}`, { ...as, body: { firstName: 'Renamed' } });
    expect(renamed.status).toBe(200);

    // administrators are out of its reach: no password reset, no disable
    expectEnvelope(await api.post(`/api/v1/users/${adminA.id}/reset-password`, undefined, as), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${adminA.id}/disable`, as), 403, 'DPF-AUTH-007');
    // it cannot make anyone ADMIN, nor give a role with permissions it does not hold
    expectEnvelope(await api.post(`/api/v1/users/${plain.id}/roles`, [await roleId(api, root, 'ADMIN')], as), 403, 'DPF-AUTH-007');
    const wider = await createRole(api, adminA.token, tenantA, { permissionIds: [perms['users:write'], perms['roles:write']] });
    expectEnvelope(await api.post(`/api/v1/users/${plain.id}/roles`, [wider], as), 403, 'DPF-AUTH-007');
    expect((await api.post(`/api/v1/users/${plain.id}/roles`, [managerRole], as)).status).toBe(200);
    // and what its permissions do not name stays closed
    expectEnvelope(await api.post('/api/v1/roles', { name: uniqueRoleName() }, { ...as, headers: h(tenantA) }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.request('DELETE', `/api/v1/users/${plain.id}`, as), 403, 'DPF-AUTH-007');
  });
});

describe('VIEWER (seeded with users:read, roles:read, permissions:read, profile:read)', () => {
  it('reads the users and roles of its tenant through those permissions, and changes nothing', async () => {
    const viewer = await userWithRoles(api, adminA.token, tenantA, ['VIEWER']);
    const as = { token: viewer.token };
    expect((await api.get('/api/v1/users', as)).status).toBe(200);
    expect((await api.get(`/api/v1/users/${member.id}`, as)).status).toBe(200);
    expect((await api.get('/api/v1/roles', as)).status).toBe(200);
    expectEnvelope(await api.get(`/api/v1/users/${member.id}`, { token: viewer.token, headers: h(tenantB) }), 403, 'DPF-API-011');
    expectEnvelope(await api.request('PUT', `/api/v1/users/${member.id}`, { ...as, body: { firstName: 'No' } }), 403, 'DPF-AUTH-007');
    expectEnvelope(await api.post('/api/v1/roles', { name: uniqueRoleName() }, { ...as, headers: h(tenantA) }), 403, 'DPF-AUTH-007');
  });
});
