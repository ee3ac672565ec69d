import { buildSubgraphSchema } from '@apollo/subgraph';
import { createLogger, PrincipalCodec, startSubgraphServer, type RunningSubgraph } from '@dataplat/kit';
import gql from 'graphql-tag';
import { parse } from 'graphql';
import { createGateway } from './gateway';

const logger = createLogger('silent', 'test');
const LINK = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])';

async function subgraph(name: string, sdl: string, resolvers: Record<string, any> = {}): Promise<RunningSubgraph> {
  const schema = buildSubgraphSchema({ typeDefs: gql(`${LINK}\n${sdl}`), resolvers });
  return startSubgraphServer({ name, schema, principals: await PrincipalCodec.create('x'.repeat(40)), logger, host: '127.0.0.1', port: 0 });
}

describe('createGateway', () => {
  const running: RunningSubgraph[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.close()));
  });

  it('composes the running subgraphs into one schema and plans across them', async () => {
    running.push(
      await subgraph('users', 'type User @key(fields: "id") { id: ID! name: String! } type Query { users: [User!]! }', {
        Query: { users: () => [{ id: '1', name: 'Ada' }] },
        User: { __resolveReference: (ref: { id: string }) => ({ id: ref.id, name: 'Ada' }) },
      }),
      await subgraph('orders', 'type User @key(fields: "id") { id: ID! orders: Int! } type Query { orderCount: Int! }', {
        Query: { orderCount: () => 3 },
        User: { orders: () => 2, __resolveReference: (ref: { id: string }) => ref },
      }),
    );
    const gateway = await createGateway({ subgraphs: running.map((s) => ({ name: s.name, url: s.url })), principals: await PrincipalCodec.create('x'.repeat(40)), logger });
    try {
      const fields = Object.keys(gateway.schema().getQueryType()!.getFields());
      expect(fields.sort()).toEqual(['orderCount', 'users']);
      const res = await gateway.server.executeOperation(
        { query: '{ users { name orders } }' },
        { contextValue: { requestId: 'r1', client: { ip: null, userAgent: null } } },
      );
      expect(res.body.kind === 'single' && res.body.singleResult).toMatchObject({ data: { users: [{ name: 'Ada', orders: 2 }] } });
    } finally {
      await gateway.stop();
    }
  });

  it('plans known operations at boot: serving them plans nothing', async () => {
    running.push(
      await subgraph('users', 'type Query { hello(name: String!): String! }', { Query: { hello: (_: unknown, a: { name: string }) => `hi ${a.name}` } }),
    );
    const gateway = await createGateway({ subgraphs: running.map((s) => ({ name: s.name, url: s.url })), principals: await PrincipalCodec.create('x'.repeat(40)), logger });
    try {
      const source = 'query Hello($n: String!) { hello(name: $n) }';
      await gateway.plans.prewarm([{ source, document: parse(source), operationName: 'Hello' }]);
      expect(gateway.plans.snapshot()).toMatchObject({ plannedAtBoot: 1, plannedOnRequestPath: 0 });
      const context = { contextValue: { requestId: 'r', client: { ip: null, userAgent: null } } };
      for (const n of ['a', 'b', 'c']) {
        const res = await gateway.server.executeOperation({ query: source, operationName: 'Hello', variables: { n } }, context);
        expect(res.body.kind === 'single' && res.body.singleResult.data).toEqual({ hello: `hi ${n}` });
      }
      expect(gateway.plans.snapshot()).toMatchObject({ plannedOnRequestPath: 0, cacheHits: 3, cacheMisses: 0, hitRate: 1 });
      // An operation nobody planned is planned once on first use, then cached.
      await gateway.server.executeOperation({ query: '{ hello(name: "x") }' }, context);
      await gateway.server.executeOperation({ query: '{ hello(name: "x") }' }, context);
      expect(gateway.plans.snapshot()).toMatchObject({ plannedOnRequestPath: 1, cacheHits: 4, cacheMisses: 1 });
    } finally {
      await gateway.stop();
    }
  });

  it('refuses to start when composition fails, naming the errors', async () => {
    running.push(await subgraph('a', 'type Query { thing: Int }'), await subgraph('b', 'type Query { thing: String }'));
    await expect(
      createGateway({ subgraphs: running.map((s) => ({ name: s.name, url: s.url })), principals: await PrincipalCodec.create('x'.repeat(40)), logger }),
    ).rejects.toThrow(/thing/);
  });
});
