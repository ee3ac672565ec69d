import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphQLID, GraphQLNonNull, GraphQLString, type GraphQLInputType } from 'graphql';
import { buildOpenApi } from './openapi';
import { bodyField, param } from './route-spec';
import { compileRoutes, type CompiledRoute } from './route-table';
import { ROUTES } from './routes';
import { facadeSupergraph } from '../../test/harness/supergraph';

type Json = Record<string, any>;

describe('buildOpenApi on the real route table', () => {
  let dataDir: string;
  let routes: CompiledRoute[];
  let doc: Json;
  const operation = (method: string, path: string): Json => doc.paths[path][method.toLowerCase()];
  const resolveRef = (ref: string): Json => doc.components.schemas[ref.replace('#/components/schemas/', '')];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dataplat-openapi-'));
    const schema = await facadeSupergraph(dataDir);
    routes = compileRoutes(ROUTES, schema);
    doc = buildOpenApi(routes);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is an OpenAPI 3.1.0 document with a bearer security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.components.securitySchemes.serviceToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('lists every route under its spec path and method, and nothing else', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods as Json).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    for (const r of routes) {
      const op = operation(r.method, r.path);
      expect(op.operationId).toBe(r.operationName);
      expect(op.summary).toBe(r.summary);
      expect(op.tags).toEqual([r.tag]);
      expect(Object.keys(op.responses)).toContain(String(r.status ?? 200));
      expect(op.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorEnvelope');
    }
  });

  it('keeps {placeholders} in paths and declares them as required path parameters', () => {
    const op = operation('GET', '/api/v1/users/{userId}');
    expect(op.parameters).toContainEqual({ name: 'userId', in: 'path', required: true, schema: { type: 'string' } });
  });

  it('requires an access token or API key on bearer routes, a service token on service routes, nothing on public ones', () => {
    for (const r of routes) {
      const expected =
        r.auth === 'bearer' ? [{ bearerAuth: [] }, { apiKey: [] }] : r.auth === 'service_token' ? [{ serviceToken: [] }] : r.auth === 'scim_bearer' ? [{ scimBearer: [] }] : [];
      expect([r.method, r.path, operation(r.method, r.path).security]).toEqual([r.method, r.path, expected]);
    }
    expect(operation('POST', '/api/v1/auth/login').security).toEqual([]);
    expect(operation('GET', '/api/v1/users/me').security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(operation('GET', '/api/v1/service-clients/me').security).toEqual([{ serviceToken: [] }]);
    expect(operation('GET', '/api/v1/scim/v2/Users').security).toEqual([{ scimBearer: [] }]);
  });

  it('describes POST /api/v1/users: CreateUserInput body, required X-Tenant-ID, 201', () => {
    const op = operation('POST', '/api/v1/users');
    expect(op.requestBody.required).toBe(true);
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema).toEqual({ $ref: '#/components/schemas/CreateUserInput' });
    const input = resolveRef(schema.$ref);
    expect(input.type).toBe('object');
    expect([...input.required].sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
    expect(input.properties.email).toEqual({ type: 'string' });
    expect(input.properties.roleIds).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(op.parameters).toContainEqual({ name: 'X-Tenant-ID', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } });
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'X-Idempotency-Key', in: 'header', required: false }));
    expect(Object.keys(op.responses)).toContain('201');
  });

  it('builds a body of single fields for routes that bind body fields', () => {
    const field: CompiledRoute = {
      ...routes.find((r) => r.isMutation)!,
      method: 'POST', path: '/x/{id}', auth: 'public', operationName: 'X',
      variables: { token: bodyField('refreshToken'), note: bodyField('note'), id: param('id') },
      variableTypes: new Map<string, GraphQLInputType>([['token', new GraphQLNonNull(GraphQLString)], ['note', GraphQLString], ['id', new GraphQLNonNull(GraphQLID)]]),
    };
    const op = buildOpenApi([field]).paths as Json;
    expect(op['/x/{id}'].post.requestBody.content['application/json'].schema).toEqual({
      type: 'object', properties: { refreshToken: { type: 'string' }, note: { type: 'string' } }, required: ['refreshToken'],
    });
    expect(op['/x/{id}'].post.parameters).toContainEqual({ name: 'id', in: 'path', required: true, schema: { type: 'string' } });
  });

  it('declares list query parameters as optional, with the enum values of SortOrder', () => {
    const params: Json[] = operation('GET', '/api/v1/users').parameters;
    const byName = Object.fromEntries(params.map((p) => [p.name, p]));
    expect(byName.page).toEqual({ name: 'page', in: 'query', required: false, schema: { type: 'integer' } });
    expect(byName.order.schema).toEqual({ type: 'string', enum: ['ASC', 'DESC'] });
    expect(params.some((p) => p.name === 'X-Tenant-ID')).toBe(false);
    expect(params.some((p) => p.name === 'X-Idempotency-Key')).toBe(false);
  });

  it('offers X-Idempotency-Key on mutations only', () => {
    for (const r of routes) {
      const has = (operation(r.method, r.path).parameters as Json[]).some((p) => p.name === 'X-Idempotency-Key');
      expect([r.method, r.path, has]).toEqual([r.method, r.path, r.isMutation]);
    }
  });

  it('resolves every $ref to a component', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(resolveRef(JSON.parse(`{${ref}}`).$ref)).toBeDefined();
  });
});
