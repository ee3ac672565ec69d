import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, GraphQLEnumType, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLBoolean, GraphQLString } from 'graphql';
import { body, param, query, type RouteSpec } from './route-spec';
import { CoercionError, coerceText, compileRoutes, readBinding, RouteTableError } from './route-table';

const schema = buildSchema(`
  scalar DateTimeISO
  scalar JSONObject
  type Thing { id: ID!, name: String! }
  input ThingInput { name: String! }
  type Query { thing(id: ID!): Thing, things(page: Int, tag: String, since: DateTimeISO, meta: JSONObject): [Thing!]! }
  type Mutation { createThing(input: ThingInput!): Thing! }
`);

const OPERATIONS: Record<string, string> = {
  thing: 'query Thing($id: ID!) { thing(id: $id) { id name } }',
  things: 'query Things($page: Int, $tag: String) { things(page: $page, tag: $tag) { id } }',
  'nested/create-thing': 'mutation CreateThing($input: ThingInput!) { created: createThing(input: $input) { id } }',
  unknown: 'query Unknown { thing(id: "1") { id colour } }',
  two: 'query A { things { id } }\nquery B { things { id } }',
  anonymous: '{ things { id } }',
  since: 'query Since($since: DateTimeISO) { things(since: $since) { id } }',
  meta: 'query Meta($meta: JSONObject) { things(meta: $meta) { id } }',
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dataplat-routes-'));
  for (const [name, text] of Object.entries(OPERATIONS)) {
    const file = join(dir, `${name}.graphql`);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const route = (over: Partial<RouteSpec>): RouteSpec => ({
  method: 'GET', path: '/x/{id}', summary: 's', tag: 't', auth: 'bearer',
  operation: 'thing', variables: { id: param('id') }, result: 'thing', ...over,
});

function problemsOf(routes: RouteSpec[]): string[] {
  try {
    compileRoutes(routes, schema, dir);
  } catch (e) {
    expect(e).toBeInstanceOf(RouteTableError);
    return (e as RouteTableError).problems;
  }
  throw new Error('expected a RouteTableError');
}

describe('compileRoutes', () => {
  it('compiles a valid query route', () => {
    const [r] = compileRoutes([route({})], schema, dir);
    expect(r.fastifyPath).toBe('/x/:id');
    expect(r.isMutation).toBe(false);
    expect(r.operationName).toBe('Thing');
    expect(r.source).toBe(OPERATIONS.thing);
    expect([...r.variableTypes].map(([n, t]) => [n, String(t)])).toEqual([['id', 'ID!']]);
    expect(r.document.kind).toBe('Document');
  });

  it('compiles a mutation from a sub-folder whose result is an alias, and optional variables left unbound', () => {
    const [create, list] = compileRoutes([
      route({ method: 'POST', path: '/x', operation: 'nested/create-thing', variables: { input: body() }, result: 'created', status: 201 }),
      route({ path: '/x', operation: 'things', variables: { page: query('page') }, result: 'things' }),
    ], schema, dir);
    expect(create.isMutation).toBe(true);
    expect(String(create.variableTypes.get('input'))).toBe('ThingInput!');
    expect(list.fastifyPath).toBe('/x');
    expect([...list.variableTypes.keys()]).toEqual(['page', 'tag']);
  });

  it('collects every problem in one RouteTableError', () => {
    const problems = problemsOf([
      route({}),
      route({ path: '/missing', operation: 'missing', variables: {} }),
      route({ path: '/unknown', operation: 'unknown', variables: {} }),
      route({ path: '/undeclared/{id}', variables: { id: param('id'), extra: query('extra') } }),
      route({ path: '/unbound/{id}', variables: {} }),
      route({ path: '/no-param', variables: { id: param('id') } }),
      route({ path: '/wrong-result/{id}', result: 'things' }),
      route({ path: '/x/{other}', variables: { id: param('other') } }),
      route({ path: '/two', operation: 'two', variables: {}, result: 'things' }),
      route({ path: '/anonymous', operation: 'anonymous', variables: {}, result: 'things' }),
    ]);
    expect(problems).toHaveLength(9);
    const expected: Array<[string, RegExp]> = [
      ['GET /missing (missing.graphql)', /ENOENT|no such file/],
      ['GET /unknown (unknown.graphql)', /Cannot query field "colour" on type "Thing"/],
      ['GET /undeclared/{id} (thing.graphql)', /binds \$extra, which the operation does not declare/],
      ['GET /unbound/{id} (thing.graphql)', /required variable \$id has no binding/],
      ['GET /no-param (thing.graphql)', /binds path parameter \{id\}, absent from the path/],
      ['GET /wrong-result/{id} (thing.graphql)', /result field "things" is not selected by the operation/],
      ['GET /x/{other} (thing.graphql)', /duplicate route/],
      ['GET /two (two.graphql)', /must hold exactly one operation/],
      ['GET /anonymous (anonymous.graphql)', /the operation must be named/],
    ];
    for (const [where, message] of expected) {
      expect(problems.some((p) => p.startsWith(`${where}: `) && message.test(p))).toBe(true);
    }
  });

  it('names the problems in the error message', () => {
    expect(() => compileRoutes([route({ path: '/nope', variables: {} })], schema, dir)).toThrow(
      'The REST facade route table is invalid:\n  GET /nope (thing.graphql): required variable $id has no binding',
    );
  });

  it('allows the same path shape under another method', () => {
    expect(compileRoutes([route({}), route({ method: 'DELETE' })], schema, dir)).toHaveLength(2);
  });
});

describe('coerceText', () => {
  const SortOrder = new GraphQLEnumType({ name: 'SortOrder', values: { ASC: { value: 'asc' }, DESC: { value: 'desc' } } });
  const fails = (value: unknown, type: Parameters<typeof coerceText>[2]): CoercionError => {
    try {
      coerceText('p', value, type);
    } catch (e) {
      expect(e).toBeInstanceOf(CoercionError);
      return e as CoercionError;
    }
    throw new Error(`expected ${JSON.stringify(value)} to be refused`);
  };

  it.each([['42', 42], ['-7', -7], ['0', 0], ['2147483647', 2147483647], ['-2147483648', -2147483648]])('reads Int %p as %p', (text, n) => {
    expect(coerceText('p', text, GraphQLInt)).toBe(n);
    expect(coerceText('p', text, new GraphQLNonNull(GraphQLInt))).toBe(n);
  });

  it.each(['4.2', 'abc', '1e3', '99999999999', '2147483648', '-2147483649', ' 1'])('refuses Int %p', (text) => {
    const e = fails(text, GraphQLInt);
    expect([e.parameter, e.expected, e.message]).toEqual(['p', 'an integer', 'Parameter "p" must be an integer']);
  });

  it('reads Float', () => {
    expect(coerceText('p', '1.5', GraphQLFloat)).toBe(1.5);
    expect(coerceText('p', '-2', GraphQLFloat)).toBe(-2);
    expect(coerceText('p', '2.5e3', GraphQLFloat)).toBe(2500);
    expect(coerceText('p', '.5', GraphQLFloat)).toBe(0.5);
    for (const bad of ['abc', 'Infinity', ' ', '1.2.3', '0x10', '1e999']) expect(fails(bad, GraphQLFloat).expected).toBe('a number');
  });

  it('reads Boolean "true"/"false" only', () => {
    expect(coerceText('p', 'true', GraphQLBoolean)).toBe(true);
    expect(coerceText('p', 'false', GraphQLBoolean)).toBe(false);
    for (const bad of ['1', 'yes', 'TRUE']) expect(fails(bad, GraphQLBoolean).expected).toBe('true or false');
  });

  it('passes String and ID through as text', () => {
    expect(coerceText('p', '007', GraphQLString)).toBe('007');
    expect(coerceText('p', 'a,b', GraphQLID)).toBe('a,b');
  });

  it('matches an enum case-insensitively and returns its NAME', () => {
    for (const text of ['asc', 'ASC', 'Asc']) expect(coerceText('order', text, SortOrder)).toBe('ASC');
    expect(coerceText('order', 'desc', new GraphQLNonNull(SortOrder))).toBe('DESC');
    expect(fails('up', SortOrder).message).toBe('Parameter "p" must be one of ASC, DESC');
  });

  it('reads lists from comma-separated text or repeated values', () => {
    expect(coerceText('p', 'a,b', new GraphQLList(GraphQLString))).toEqual(['a', 'b']);
    expect(coerceText('p', ['1', '2'], new GraphQLList(new GraphQLNonNull(GraphQLInt)))).toEqual([1, 2]);
    expect(coerceText('p', '7', new GraphQLNonNull(new GraphQLList(GraphQLInt)))).toEqual([7]);
    expect(coerceText('p', 'asc,DESC', new GraphQLList(SortOrder))).toEqual(['ASC', 'DESC']);
    expect(fails('1,x', new GraphQLList(GraphQLInt)).expected).toBe('an integer');
  });

  it('treats absent and empty values as unset', () => {
    expect(coerceText('p', undefined, GraphQLInt)).toBeUndefined();
    expect(coerceText('p', '', GraphQLInt)).toBeUndefined();
    expect(coerceText('p', '', new GraphQLList(GraphQLString))).toBeUndefined();
  });

  it('refuses a repeated value for a scalar', () => {
    for (const type of [GraphQLInt, GraphQLString, SortOrder]) {
      expect(fails(['1', '2'], type).message).toBe('Parameter "p" must be given once');
    }
  });
});

describe('custom scalars from text', () => {
  const DateTimeISO = schema.getType('DateTimeISO') as any;

  it('reads DateTimeISO as RFC 3339 with an offset, or a bare date, and sends the UTC form', () => {
    expect(coerceText('since', '2026-11-21T09:30:00Z', DateTimeISO)).toBe('2026-11-21T09:30:00.000Z');
    expect(coerceText('since', '2026-11-21T10:30:00+01:00', DateTimeISO)).toBe('2026-11-21T09:30:00.000Z');
    expect(coerceText('since', '2026-11-21', DateTimeISO)).toBe('2026-11-21T00:00:00.000Z');
  });

  it.each(['yesterday', '2026-13-01', '2026-02-30', '2026-11-21T25:00:00Z', '2026-11-21T09:30:00', '1700000000'])('refuses DateTimeISO %p with a 400-worthy CoercionError', (text) => {
    expect(() => coerceText('since', text, DateTimeISO)).toThrow(CoercionError);
  });

  it('binds a DateTimeISO query parameter at boot', () => {
    const [compiled] = compileRoutes([route({ path: '/since', operation: 'since', variables: { since: query('since') }, result: 'things' })], schema, dir);
    expect(compiled.textCoercers.get('since')!('since', '2026-01-02')).toBe('2026-01-02T00:00:00.000Z');
  });

  it('refuses at boot a custom scalar that has no text parser, unless it comes from the body', () => {
    expect(problemsOf([route({ path: '/meta', operation: 'meta', variables: { meta: query('meta') }, result: 'things' })])[0]).toMatch(/scalar JSONObject cannot be read from text/);
    expect(compileRoutes([route({ method: 'POST', path: '/meta', operation: 'meta', variables: { meta: body() }, result: 'things' })], schema, dir)).toHaveLength(1);
  });
});

describe('readBinding', () => {
  const req = { body: { a: 1 }, query: { q: 'x' }, params: { id: '9' }, headers: { 'x-h': 'v' } };
  it('reads each source', () => {
    expect(readBinding(body(), req)).toEqual({ a: 1 });
    expect(readBinding({ from: 'body', name: 'a' }, req)).toBe(1);
    expect(readBinding({ from: 'body', name: 'a' }, { ...req, body: 'text' })).toBeUndefined();
    expect(readBinding(query('q'), req)).toBe('x');
    expect(readBinding(param('id'), req)).toBe('9');
    expect(readBinding({ from: 'headers', name: 'x-h' }, req)).toBe('v');
  });
});
