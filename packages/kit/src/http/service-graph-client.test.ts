import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRINCIPAL_HEADER, PrincipalCodec } from '../auth/internal-principal';
import { ServiceCallError, ServiceGraphClient } from './service-graph-client';

/** A service calling another subgraph: a signed service principal in, data or a coded error out. */
describe('ServiceGraphClient', () => {
  let server: Server;
  let url: string;
  let codec: PrincipalCodec;
  const seen: Array<{ principal: unknown; body: unknown }> = [];

  beforeAll(async () => {
    codec = await PrincipalCodec.create('s'.repeat(40));
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', async () => {
        const body = JSON.parse(raw);
        seen.push({ principal: await codec.verify(String(req.headers[PRINCIPAL_HEADER])), body });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(body.variables?.id === 'missing' ? { errors: [{ message: 'Tenant not found', extensions: { code: 'DPF-TEN-001' } }] } : { data: { tenant: { id: body.variables?.id } } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('sends the query with a signed service principal acting in the tenant, with the given scopes only', async () => {
    const client = new ServiceGraphClient({ url, principals: codec, service: 'billing-service', scopes: ['tenants:read'] });
    expect(await client.call('query($id: ID!) { tenant(id: $id) { id } }', { id: 't1' }, 't1')).toEqual({ tenant: { id: 't1' } });
    expect(seen.at(-1)!.principal).toMatchObject({ kind: 'service_token', subject: 'billing-service', tenantId: 't1', roles: [], scopes: ['tenants:read'] });
  });

  it('raises the callee\'s catalogue code, or a null code when it cannot be reached', async () => {
    const client = new ServiceGraphClient({ url, principals: codec, service: 'billing-service', scopes: [] });
    await expect(client.call('q', { id: 'missing' }, 't1')).rejects.toMatchObject({ name: 'ServiceCallError', code: 'DPF-TEN-001' });
    const down = new ServiceGraphClient({ url: 'http://127.0.0.1:1/graphql', principals: codec, service: 'billing-service', scopes: [], timeoutMs: 2_000 });
    const error = await down.call('q', undefined, 't1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceCallError);
    expect((error as ServiceCallError).code).toBeNull();
  });
});
