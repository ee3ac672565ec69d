import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scimPresenter } from './presenters/scim';
import { routeReference, ROUTES_BEGIN, ROUTES_END, withRouteReference } from './route-reference';
import { body, header, param, query, type RouteSpec } from './route-spec';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dataplat-route-ref-'));
  mkdirSync(join(dir, 'x'));
  writeFileSync(join(dir, 'x', 'thing.graphql'), 'query Thing($id: ID!, $page: Int, $size: Int, $v: String) { found: thing(id: $id) { id } }');
  writeFileSync(join(dir, 'x', 'make.graphql'), 'mutation Make($input: MakeInput!) { make(input: $input) { id secret } }');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROUTES: RouteSpec[] = [
  {
    method: 'GET', path: '/things/{thingId}', summary: 'One | thing', tag: 't', auth: 'bearer', operation: 'x/thing', result: 'found',
    variables: { id: param('thingId'), page: query('page'), size: query('size'), v: header('X-V') },
  },
  {
    method: 'POST', path: '/things', summary: 'Make\n a thing', tag: 't', auth: 'public', operation: 'x/make', result: 'make', status: 201,
    variables: { input: body() }, tenantHeader: 'required', secretFields: ['secret'], presenter: scimPresenter,
  },
];
const GUARDS = new Map<string, readonly string[] | null>([
  ['Query.thing', ['ADMIN', 'things:read']],
  ['Mutation.make', null],
]);

describe('routeReference', () => {
  it('renders one row per route: bindings, guard of the result field, notes, escaped summary', () => {
    expect(routeReference(ROUTES, GUARDS, dir).split('\n')).toEqual([
      '2 routes.',
      '',
      '| Method | Path | Auth | Field guard | Operation | Variables | Result | Status | Other | Summary |',
      '|---|---|---|---|---|---|---|---|---|---|',
      '| GET | `/things/{thingId}` | bearer | ADMIN, `things:read` | `x/thing` | `id` ← path `thingId`; `page`, `size` ← query; `v` ← header `x-v` | `found` | 200 |  | One \\| thing |',
      '| POST | `/things` | public | — | `x/make` | `input` ← body | `make` | 201 | `X-Tenant-ID` required; secret: `secret`; presenter `scimPresenter`, accepts `application/scim+json` | Make a thing |',
    ]);
  });

  it('refuses a route whose field no loaded resolver serves', () => {
    expect(() => routeReference(ROUTES, new Map([['Query.thing', []]]), dir)).toThrow('POST /things: no resolver of Mutation.make is loaded');
  });
});

describe('withRouteReference', () => {
  it('replaces what is between the markers, and only that', () => {
    const doc = `# Doc\n\nbefore\n${ROUTES_BEGIN}\nold table\n${ROUTES_END}\nafter\n`;
    expect(withRouteReference(doc, 'new table')).toBe(`# Doc\n\nbefore\n${ROUTES_BEGIN}\nnew table\n${ROUTES_END}\nafter\n`);
    expect(() => withRouteReference('# Doc\n', 'x')).toThrow('markers');
  });
});
