import { readFileSync } from 'node:fs';
import { rootFieldGuards } from '@dataplat/kit';
import { describeGuard, ROUTES, ROUTES_BEGIN, ROUTES_END } from '@dataplat/rest-facade';
import { renderRouteDoc, ROUTE_DOC } from './route-docs';

describe('the route reference of docs/rest-facade.md', () => {
  it('is what the code generates (else run `npm run docs:routes`)', () => {
    const doc = readFileSync(ROUTE_DOC, 'utf8');
    const fresh = renderRouteDoc(doc);
    if (fresh !== doc) {
      const [was, is] = [doc.split('\n'), fresh.split('\n')];
      const line = is.findIndex((l, i) => l !== was[i]);
      throw new Error(`docs/rest-facade.md is stale: run \`npm run docs:routes\`\nfirst difference, line ${line + 1}:\n- ${was[line]}\n+ ${is[line]}`);
    }
  });

  it('has one row per route, between the markers', () => {
    const doc = readFileSync(ROUTE_DOC, 'utf8');
    const table = doc.slice(doc.indexOf(ROUTES_BEGIN), doc.indexOf(ROUTES_END));
    const rows = table.split('\n').filter((l) => /^\| (GET|POST|PUT|PATCH|DELETE) \|/.test(l));
    expect(rows.map((r) => r.split(' | ').slice(0, 2).join(' ').replace(/`/g, ''))).toEqual(ROUTES.map((r) => `| ${r.method} ${r.path}`));
  });

  it("reads the guards of every subgraph's resolvers, the edge's own included", () => {
    const guards = rootFieldGuards();
    expect(guards.get('Query.users')).toEqual(['ADMIN', 'PLATFORM_ADMIN', 'users:read']);
    expect(guards.get('Mutation.login')).toBeNull();
    expect(guards.get('Query.gatewayRateLimit')).toEqual(['PLATFORM_ADMIN']);
  });
});

describe('describeGuard', () => {
  it('says who passes a field', () => {
    expect(describeGuard(null)).toBe('—');
    expect(describeGuard([])).toBe('any caller');
    expect(describeGuard(['AUDITOR', 'ADMIN', 'PLATFORM_ADMIN', 'audit:read'])).toBe('AUDITOR, ADMIN or PLATFORM_ADMIN, `audit:read`');
    expect(describeGuard(['PLATFORM_ADMIN'])).toBe('PLATFORM_ADMIN');
    expect(describeGuard(['allow:password-change'])).toBe('any caller¹');
    expect(describeGuard(['allow:password-change', 'profile:read'])).toBe('`profile:read`¹');
    expect(describeGuard(['require:mfa'])).toBe('any caller²');
  });
});
