import { randomUUID } from 'node:crypto';
import { ApiClient } from '../harness/client';
import { createUser } from '../harness/factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant, tenantAdminSession } from '../harness/tenant-factories';

/** The tenant subgraph runs beside identity and the gateway composes both. */
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

describe('tenant subgraph', () => {
  it('is reported by /readyz', async () => {
    const ready = await api.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.subgraphs).toEqual({ identity: 'up', tenant: 'up', config: 'up', notification: 'up', billing: 'up', audit: 'up', gateway: 'up' });
  });

  it('answers tenant queries through the supergraph', async () => {
    const res = await api.graphql('{ tenants(size: 5) { data { id } pagination { page size total } } }', undefined, { token: root });
    expect(res.status).toBe(200);
    expect(res.body.data.tenants.pagination).toMatchObject({ page: 0, size: 5, total: expect.any(Number) });
    const missing = await api.graphql('query($id: ID!) { tenant(id: $id) { id } }', { id: randomUUID() }, { token: root });
    expect(missing.body.errors[0].extensions.code).toBe('DPF-TEN-001');
  });

  it('keeps tenant queries from callers without the role', async () => {
    const user = await createUser(api, root);
    const session = await api.login(user.email, user.password);
    const res = await api.graphql('{ tenants { data { id } } }', undefined, { token: session.accessToken });
    expect(res.body.errors[0].extensions.code).toBe('DPF-AUTH-007');
    expect((await api.graphql('{ tenants { data { id } } }')).body.errors[0].extensions.code).toBe('DPF-AUTH-001');
  });

  it('serves the tenant directory (what identity and the edge ask instead of reading tenant tables) to platform callers only', async () => {
    const tenant = await provisionTenant(api, root);
    const admin = await tenantAdminSession(api, tenant);
    const query = 'query($id: ID, $slug: String) { tenantDirectoryEntry(id: $id, slug: $slug) { id slug status } }';
    const bySlug = await api.graphql(query, { slug: tenant.slug.toUpperCase() }, { token: root });
    expect(bySlug.body.data.tenantDirectoryEntry).toEqual({ id: tenant.id, slug: tenant.slug, status: tenant.body.status });
    expect((await api.graphql(query, { id: tenant.id }, { token: root })).body.data.tenantDirectoryEntry.slug).toBe(tenant.slug);
    expect((await api.graphql(query, { id: 'not-a-uuid' }, { token: root })).body.data.tenantDirectoryEntry).toBeNull();
    expect((await api.graphql(query, { slug: 'no-such-tenant' }, { token: root })).body.data.tenantDirectoryEntry).toBeNull();
    expect((await api.graphql(query, { id: tenant.id, slug: tenant.slug }, { token: root })).body.errors[0].extensions.code).toBe('DPF-API-001');
    expect((await api.graphql(query, { id: tenant.id }, { token: admin.token })).body.errors[0].extensions.code).toBe('DPF-AUTH-007');
  });

  it('plans one query across identity and tenant: User.tenant is the tenant entity', async () => {
    const tenant = await provisionTenant(api, root);
    const admin = await tenantAdminSession(api, tenant);
    const query = '{ me { email tenant { id slug status } } }';
    const mine = await api.graphql(query, undefined, { token: admin.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.me).toEqual({ email: tenant.adminEmail, tenant: { id: tenant.id, slug: tenant.slug, status: tenant.body.status } });
    // A tenant's users list resolves each user's tenant in one batched entity fetch.
    const list = await api.graphql('{ users(size: 5) { data { tenant { slug } } } }', undefined, { token: admin.token });
    expect(list.body.data.users.data.map((u: { tenant: { slug: string } }) => u.tenant.slug)).toEqual([tenant.slug]);
  });
});
