import { ApiClient, expectEnvelope } from '../harness/client';
import { userWithRoles } from '../harness/identity-factories';
import { startPlatform, type TestPlatform } from '../harness/platform';
import { randomUUID } from 'node:crypto';

/** Spec 2 "Configuration service": the marketplace catalogue, seeded by its migration. */
let platform: TestPlatform;
let api: ApiClient;
let token: string;

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  const root = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
  token = (await userWithRoles(api, root, randomUUID())).token;
});
afterAll(() => platform?.stop());

describe('GET /api/v1/marketplace/*', () => {
  it('lists the 15 ingestion connector types, with their sync modes and configuration fields', async () => {
    const res = await api.get('/api/v1/marketplace/connectors?size=100', { token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 0, size: 100, total: 15, totalPages: 1, hasNext: false, hasPrevious: false });
    expect(res.body.data.map((c: { id: string }) => c.id).sort()).toEqual([
      'azure_blob', 'gcs', 'github', 'hubspot', 'jira', 'mongodb', 'mysql', 'oracle', 'postgresql', 's3', 'salesforce', 'sftp', 'sqlserver', 'stripe', 'zendesk',
    ]);
    const pg = res.body.data.find((c: { id: string }) => c.id === 'postgresql');
    expect(pg).toMatchObject({ kind: 'CONNECTOR', category: 'relational-database', attributes: { connectorType: 'postgresql', supportedSyncModes: ['FULL_REFRESH', 'INCREMENTAL', 'CDC'] } });
  });

  it('lists pipeline templates with industry, compliance and parameters, filtered by category', async () => {
    const all = await api.get('/api/v1/marketplace/templates', { token });
    expect(all.status).toBe(200);
    expect(all.body.pagination.total).toBe(6);
    const health = await api.get('/api/v1/marketplace/templates?category=healthcare', { token });
    expect(health.body.data).toEqual([
      expect.objectContaining({ id: 'patient-records-ingestion', kind: 'TEMPLATE', attributes: expect.objectContaining({ industry: 'healthcare', compliance: ['HIPAA'], parameters: expect.arrayContaining([{ name: 'sourceConnectionId', required: true }]) }) }),
    ]);
  });

  it('lists extensions, paginated and searchable', async () => {
    const page = await api.get('/api/v1/marketplace/extensions?size=2&page=1', { token });
    expect(page.body.pagination).toMatchObject({ page: 1, size: 2, total: 7, hasNext: true, hasPrevious: true });
    expect(page.body.data).toHaveLength(2);
    const found = await api.get('/api/v1/marketplace/extensions?search=lineage', { token });
    expect(found.body.data.map((e: { id: string }) => e.id)).toEqual(['openlineage']);
  });

  it('requires a bearer credential (401) and refuses bad paging (400)', async () => {
    expectEnvelope(await api.get('/api/v1/marketplace/templates'), 401, 'DPF-AUTH-001');
    expectEnvelope(await api.get('/api/v1/marketplace/connectors?size=1000', { token }), 400, 'DPF-API-001');
    expectEnvelope(await api.get('/api/v1/marketplace/connectors?page=x', { token }), 400, 'DPF-API-001');
  });
});
