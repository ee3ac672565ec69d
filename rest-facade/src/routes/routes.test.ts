import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getNamedType, type GraphQLSchema } from 'graphql';
import { facadeSupergraph } from '../../../test/harness/supergraph';
import { compileRoutes, toFastifyPath, type CompiledRoute } from '../route-table';
import { ROUTES } from '.';

/** The real route table against the subgraphs its operations use, composed. */
describe('the real route table', () => {
  let dataDir: string;
  let schema: GraphQLSchema;
  let compiled: CompiledRoute[];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dataplat-routes-real-'));
    schema = await facadeSupergraph(dataDir);
    compiled = compileRoutes(ROUTES, schema);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('compiles every route without a problem', () => {
    expect(compiled).toHaveLength(ROUTES.length);
    expect(compiled.map((r) => `${r.method} ${r.path}`)).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`));
  });

  it('serves the foundation identity endpoints of the spec', () => {
    const served = new Set(compiled.map((r) => `${r.method} ${r.path}`));
    for (const endpoint of [
      'POST /api/v1/auth/login',
      'POST /api/v1/auth/refresh',
      'POST /api/v1/auth/logout',
      'GET /api/v1/users/me',
      'GET /api/v1/users',
      'GET /api/v1/users/{userId}',
      'POST /api/v1/users',
    ]) expect(served).toContain(endpoint);
  });

  it('serves the tenant endpoints of spec 2', () => {
    const served = new Set(compiled.map((r) => `${r.method} ${r.path}`));
    for (const endpoint of [
      'GET /api/v1/tenants',
      'POST /api/v1/tenants',
      'GET /api/v1/tenants/{id}',
      'PUT /api/v1/tenants/{id}',
      'DELETE /api/v1/tenants/{id}',
      'POST /api/v1/tenants/{id}/activate',
      'POST /api/v1/tenants/{id}/suspend',
      'GET /api/v1/tenants/{id}/status',
      'GET /api/v1/tenants/{id}/health',
    ]) expect(served).toContain(endpoint);
  });

  it('serves every configuration-service endpoint of spec 2', () => {
    const served = new Set(compiled.map((r) => `${r.method} ${r.path}`));
    for (const endpoint of [
      'GET /api/v1/config/{application}/{profile}',
      'GET /api/v1/config/{application}/{profile}/{label}',
      'POST /api/v1/config/refresh',
      'GET /api/v1/feature-flags',
      'GET /api/v1/feature-flags/{key}',
      'POST /api/v1/feature-flags',
      'PUT /api/v1/feature-flags/{key}',
      'DELETE /api/v1/feature-flags/{key}',
      'GET /api/v1/marketplace/templates',
      'GET /api/v1/marketplace/connectors',
      'GET /api/v1/marketplace/extensions',
    ]) expect(served).toContain(endpoint);
  });

  it('marks mutations and queries by their operation', () => {
    // The GETs that change state: GET /auth/mfa/recovery-codes generates a new set of recovery
    // codes (spec), GET /oauth2/authorize issues a code (RFC 6749 requires GET there).
    const getMutations = new Set(['GET /api/v1/auth/mfa/recovery-codes', 'GET /api/v1/oauth2/authorize']);
    for (const r of compiled) expect(r.isMutation).toBe(r.method !== 'GET' || getMutations.has(`${r.method} ${r.path}`));
  });

  it('binds every path placeholder', () => {
    for (const r of compiled) {
      const placeholders = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const bound = Object.values(r.variables ?? {}).filter((b) => b.from === 'params').map((b) => b.name);
      expect(bound.sort()).toEqual(placeholders.sort());
      expect(r.fastifyPath).toBe(toFastifyPath(r.path));
      expect(r.fastifyPath).not.toMatch(/[{}]/);
    }
  });

  it('coerces the users list query parameters to the schema types', () => {
    const users = compiled.find((r) => r.method === 'GET' && r.path === '/api/v1/users')!;
    expect(Object.fromEntries([...users.variableTypes].map(([n, t]) => [n, String(t)]))).toEqual({
      page: 'Int', size: 'Int', search: 'String', sort: 'String', order: 'SortOrder',
    });
    expect(getNamedType(users.variableTypes.get('order')!).toString()).toBe('SortOrder');
  });

  it('creates users with status 201 and a required X-Tenant-ID', () => {
    const create = compiled.find((r) => r.method === 'POST' && r.path === '/api/v1/users')!;
    expect(create).toMatchObject({ status: 201, tenantHeader: 'required', auth: 'bearer', result: 'createUser', operationName: 'CreateUser' });
    expect(String(create.variableTypes.get('input'))).toBe('CreateUserInput!');
  });

  it('gives each route a unique operation name, except documented aliases of one operation', () => {
    // The spec documents some operations under two paths (change-password).
    // The spec documents some operations under two paths (change-password, config) or two methods (OAuth authorize).
    const aliases = new Set(['ChangeMyPassword', 'OAuthAuthorize', 'ConfigEnvironment', 'PutConfigProperties', 'ConfigHistory']);
    const names = compiled.map((r) => r.operationName).filter((n) => !aliases.has(n));
    expect(new Set(names).size).toBe(names.length);
    expect(compiled.filter((r) => r.operationName === 'ChangeMyPassword').map((r) => r.path).sort()).toEqual(['/api/v1/auth/change-password', '/api/v1/users/me/password']);
    expect(compiled.filter((r) => r.operationName === 'OAuthAuthorize').map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /api/v1/oauth2/authorize', 'POST /api/v1/oauth2/authorize']);
  });
});
