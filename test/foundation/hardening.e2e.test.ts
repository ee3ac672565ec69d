import { request as httpRequest } from 'node:http';
import { ApiClient, expectEnvelope } from '../harness/client';
import { startPlatformAsRoot } from '../harness/root-session';
import type { TestPlatform } from '../harness/platform';

// Issue 12 ("one bad request must never stop the audit trail, and no input gives a 500"):
// each defect found over HTTP, replayed over HTTP.
let platform: TestPlatform;
let api: ApiClient;
let root: string;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
});
afterAll(() => platform?.stop());

describe('NUL characters are refused at the edge, for every route (defect 2)', () => {
  it('in a path id, without credentials', async () => {
    const res = await api.get('/api/v1/billing/plans/%00');
    expectEnvelope(res, 400, 'DPF-API-020');
    expect(res.body.error.details).toEqual({ location: 'path' });
  });

  it('in a JSON body value, on a public route', async () => {
    const res = await api.post('/api/v1/auth/service-token', { clientId: 'a\u0000b', clientSecret: 'x' });
    expectEnvelope(res, 400, 'DPF-API-020');
    expect(res.body.error.details).toEqual({ location: 'body', field: 'clientId' });
  });

  it('in a JSON key, a query value and a GraphQL variable', async () => {
    expectEnvelope(await api.post('/api/v1/auth/login', { 'e\u0000mail': 'x' }), 400, 'DPF-API-020');
    expectEnvelope(await api.get('/api/v1/users?search=%00', { token: root }), 400, 'DPF-API-020');
    const gql = await api.graphql('query($q: String) { users(search: $q) { total } }', { q: '\u0000' }, { token: root });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0].extensions.code).toBe('DPF-API-020');
  });

  it('in a form body (OAuth token endpoint)', async () => {
    const res = await api.request('POST', '/api/v1/oauth2/token', { raw: 'grant_type=client_credentials&client_id=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(400);
  });
});

describe('JSON-object arguments of the wrong type (defect 3)', () => {
  it('PUT /api/v1/config/{app} with properties: 12345 is a 400', async () => {
    const res = await api.request('PUT', '/api/v1/config/hardening-app', { token: root, body: { properties: 12345 } });
    expectEnvelope(res, 400, 'DPF-API-001');
    expect(res.body.error.message).toMatch(/properties/);
  });
});

describe('framework errors speak the envelope (defect 4)', () => {
  it('a path parameter over 256 characters is a 414 with a request id', async () => {
    const res = await api.get(`/api/v1/users/${'a'.repeat(300)}`, { token: root });
    expectEnvelope(res, 414, 'DPF-API-021');
    expect(res.headers.get('x-request-id')).toBe(res.body.error.requestId);
  });

  it('a malformed percent-encoding is a 400', async () => {
    expectEnvelope(await api.get('/api/v1/users/%ZZ', { token: root }), 400, 'DPF-API-001');
  });

  it('headers over node\'s limit are a 431 in the envelope', async () => {
    const res = await api.get('/api/v1/users/me', { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expectEnvelope(res, 431, 'DPF-API-022');
  });

  it('a body nested 2,000 deep is a 400 naming the limit', async () => {
    let deep = '1';
    for (let i = 0; i < 2000; i++) deep = `[${deep}]`;
    const res = await api.request('PUT', '/api/v1/config/hardening-app', { token: root, raw: `{"properties":{"a":${deep}}}`, headers: { 'content-type': 'application/json' } });
    expectEnvelope(res, 400, 'DPF-API-023');
    expect(res.body.error.details.maxDepth).toBe(64);
  });
});

describe('/graphql client errors are 4xx with their own code (defect 5)', () => {
  it('a batch', async () => {
    const res = await api.request('POST', '/graphql', { body: [{ query: '{ __typename }' }] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('DPF-API-018');
  });

  it('a GET with a broken query and a GET without a query', async () => {
    const broken = await api.get('/graphql?query=%7Bme', { headers: { 'apollo-require-preflight': '1' } });
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0].extensions.code).toBe('DPF-API-001');
    const none = await api.get('/graphql', { headers: { 'apollo-require-preflight': '1' } });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].extensions.code).toBe('DPF-API-018');
  });
});

describe('GraphQL cost limits (defect 6)', () => {
  const aliases = (n: number, field = '__typename') => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

  it('1,000 aliases are refused before execution, anonymously and cheaply', async () => {
    const res = await api.graphql(aliases(1000));
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions.code).toBe('DPF-API-019');
  });

  it('31 aliases exceed the default of 30; 30 pass', async () => {
    const over = await api.graphql(aliases(31, 'me { id }'), undefined, { token: root });
    expect(over.body.errors[0]).toMatchObject({ message: 'Aliases limit of 30 exceeded, found 31.', extensions: { code: 'DPF-API-019' } });
    const within = await api.graphql(aliases(30, 'me { id }'), undefined, { token: root });
    expect(within.status).toBe(200);
    expect(Object.keys(within.body.data)).toHaveLength(30);
  });

  it('depth over 12 is refused (the schema has no cycles; introspection types do)', async () => {
    const nested = (levels: number) => {
      let selection = 'name';
      for (let i = 0; i < levels; i++) selection = `ofType { ${selection} }`;
      return `{ __type(name: "Query") { ${selection} } }`;
    };
    expect((await api.graphql(nested(10))).status).toBe(200);
    const res = await api.graphql(nested(14));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ message: 'Query depth limit of 12 exceeded, found 16.', extensions: { code: 'DPF-API-019' } });
  });

  it('a document over 2,000 tokens stops the parser', async () => {
    const res = await api.graphql(`{ ${'__typename '.repeat(2500)} }`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('DPF-API-019');
  });
});

describe('oversized bodies (defect 7)', () => {
  /** A raw HTTP request writing all of `size` bytes, as simple clients do, before reading. */
  const post = (size: number, chunked: boolean) =>
    new Promise<{ status?: number; code?: string; error?: string }>((resolve) => {
      const url = new URL(platform.baseUrl);
      const body = Buffer.alloc(size, 'a');
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: '/api/v1/auth/login', method: 'POST', headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': size }) } },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode, code: JSON.parse(text).error?.code }));
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code }));
      req.end(body);
    });

  it('every client receives the 413, with and without Content-Length', async () => {
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await post(5 * 1024 * 1024, i % 2 === 1));
    expect(results).toEqual(Array(12).fill({ status: 413, code: 'DPF-API-008' }));
  });
});

describe('races the sweep found', () => {
  it('concurrent MFA setups of one user all answer 200 (no unique-key 500)', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => api.post('/api/v1/auth/mfa/setup', undefined, { token: root })));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
  });
});
