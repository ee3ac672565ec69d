import { buildSchema } from 'graphql';
import { Loaders, type RequestContext } from '../context';
import { DomainError, ErrorCode } from '../errors';
import { createLogger } from '../logger';
import { LocalSubgraph } from './local-subgraph';

const schema = buildSchema(`type Query { whoami: String, fails: String, crashes: String }`);
const resolvers = {
  whoami: (_args: unknown, ctx: RequestContext) => `${ctx.principal?.subject}@${ctx.requestId}`,
  fails: () => {
    throw new DomainError(ErrorCode.ROUTE_NOT_FOUND);
  },
  crashes: () => {
    throw new Error('secret internals');
  },
};
const context = (): RequestContext => ({
  requestId: 'req-1',
  principal: { kind: 'access_token', subject: 'u1', tenantId: 't1', homeTenantId: 't1', roles: [], scopes: [] } as never,
  client: { ip: null, userAgent: null },
  log: createLogger('silent', 'test') as never,
  loaders: new Loaders(),
});

describe('LocalSubgraph', () => {
  const local = new LocalSubgraph('test', schema, createLogger('silent', 'test'));
  const run = (query: string) => local.execute({ query }, context());
  // buildSchema has no resolvers: the root value stands in, as a subgraph's resolvers would.
  beforeAll(() => {
    for (const [name, fn] of Object.entries(resolvers)) (schema.getQueryType()!.getFields()[name] as any).resolve = (_: unknown, a: unknown, c: RequestContext) => fn(a, c);
  });

  it('runs the operation with the caller context handed over as is', async () => {
    await expect(run('{ whoami }')).resolves.toEqual({ data: { whoami: 'u1@req-1' } });
  });

  it('formats errors exactly like the HTTP subgraph: catalogue codes, internals masked', async () => {
    const failed = await run('{ fails }');
    expect(failed.errors?.[0]).toMatchObject({ message: 'No such endpoint', extensions: { code: ErrorCode.ROUTE_NOT_FOUND, status: 404 } });
    const crashed = await run('{ crashes }');
    expect(crashed.errors?.[0].message).toBe('Internal server error');
    expect(JSON.stringify(crashed)).not.toContain('secret internals');
  });

  it('refuses invalid and unparsable documents as validation failures, and caches the verdict', async () => {
    const invalid = await run('{ nope }');
    expect(invalid.errors?.[0].extensions?.code).toBe(ErrorCode.VALIDATION_FAILED);
    const unparsable = await run('{ whoami');
    expect(unparsable.errors?.[0].extensions?.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(await run('{ nope }')).toEqual(invalid);
  });
});
