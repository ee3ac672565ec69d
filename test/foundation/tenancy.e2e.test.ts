import { randomUUID } from 'node:crypto';
import { ApiClient, expectEnvelope } from '../harness/client';
import { createUser, roleId } from '../harness/factories';
import { startPlatform, type TestPlatform } from '../harness/platform';

let platform: TestPlatform;
let api: ApiClient;
let rootToken: string;
const tenantA = randomUUID();
const tenantB = randomUUID();
let adminA: string;
let adminB: string;

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  rootToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
  const admin = await roleId(api, rootToken, 'ADMIN');
  const a = await createUser(api, rootToken, { tenantId: tenantA, roleIds: [admin], firstName: 'Alice' });
  const b = await createUser(api, rootToken, { tenantId: tenantB, roleIds: [admin], firstName: 'Bob' });
  adminA = (await api.login(a.email, a.password)).accessToken;
  adminB = (await api.login(b.email, b.password)).accessToken;
});
afterAll(() => platform?.stop());

describe('tenant isolation', () => {
  it("a tenant admin lists only their own tenant's users", async () => {
    const inA = await createUser(api, adminA, { tenantId: tenantA });
    const res = await api.get('/api/v1/users?size=100', { token: adminB });
    expect(res.status).toBe(200);
    expect(res.body.data.every((u: { tenantId: string }) => u.tenantId === tenantB)).toBe(true);
    expect(res.body.data.map((u: { id: string }) => u.id)).not.toContain(inA.id);
  });

  it("another tenant's user is not found, not forbidden", async () => {
    const inA = await createUser(api, adminA, { tenantId: tenantA });
    expectEnvelope(await api.get(`/api/v1/users/${inA.id}`, { token: adminB }), 404, 'DPF-IAM-005');
    const gql = await api.graphql('query($id: ID!) { user(id: $id) { email } }', { id: inA.id }, { token: adminB });
    expect(gql.body.errors[0].extensions.code).toBe('DPF-IAM-005');
  });

  it('X-Tenant-ID must match the token unless the caller is a platform admin', async () => {
    expectEnvelope(await api.get('/api/v1/users', { token: adminB, headers: { 'x-tenant-id': tenantA } }), 403, 'DPF-API-011');
    expectEnvelope(await api.get('/api/v1/users', { token: adminB, headers: { 'X-Tenant-Id': tenantA } }), 403, 'DPF-API-011');
    const same = await api.get('/api/v1/users', { token: adminB, headers: { 'x-tenant-id': tenantB } });
    expect(same.status).toBe(200);
    const asRoot = await api.get('/api/v1/users?size=100', { token: rootToken, headers: { 'x-tenant-id': tenantA } });
    expect(asRoot.status).toBe(200);
    expect(asRoot.body.data.length).toBeGreaterThan(0);
    expect(asRoot.body.data.every((u: { tenantId: string }) => u.tenantId === tenantA)).toBe(true);
    expectEnvelope(await api.get('/api/v1/users', { token: rootToken, headers: { 'x-tenant-id': 'not-a-uuid' } }), 400, 'DPF-API-001');
  });

  it('a tenant admin cannot create users in another tenant or grant PLATFORM_ADMIN', async () => {
    const body = { email: `x-${randomUUID()}@e2e.test`, password: 'a-long-enough-password', firstName: 'X', lastName: 'Y' };
    expectEnvelope(await api.post('/api/v1/users', body, { token: adminB, headers: { 'x-tenant-id': tenantA } }), 403, 'DPF-API-011');
    const platformAdmin = await roleId(api, rootToken, 'PLATFORM_ADMIN');
    expectEnvelope(await api.post('/api/v1/users', { ...body, roleIds: [platformAdmin] }, { token: adminB, headers: { 'x-tenant-id': tenantB } }), 403, 'DPF-AUTH-007');
  });

  it('the same e-mail may exist in two tenants; login then needs the tenant', async () => {
    const email = `twin-${randomUUID()}@e2e.test`;
    const body = { email, password: 'a-long-enough-password', firstName: 'Twin', lastName: 'One' };
    expect((await api.post('/api/v1/users', body, { token: adminA, headers: { 'x-tenant-id': tenantA } })).status).toBe(201);
    expect((await api.post('/api/v1/users', body, { token: adminB, headers: { 'x-tenant-id': tenantB } })).status).toBe(201);
    expectEnvelope(await api.post('/api/v1/auth/login', { email, password: body.password }), 400, 'DPF-IAM-008');
  });
});
