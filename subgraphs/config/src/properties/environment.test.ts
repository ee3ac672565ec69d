import { changedKeys, checkProperties, parseProfiles } from './names';
import { precedence, propertySources, type SetVersion } from './environment';

const P = 'platform-tenant';
const v = (tenantId: string, application: string, profile: string, revision: number, properties: Record<string, string>): SetVersion => ({
  tenantId, application, profile, revision: BigInt(revision), properties,
});

describe('environment precedence (Spring Cloud Config order)', () => {
  it('orders app-profile over app over application-profile over application; the last profile wins; tenant over platform', () => {
    const order = precedence('orders', ['dev', 'eu'], ['t1', P]).map((s) => `${s.tenantId}:${s.application}-${s.profile}`);
    expect(order).toEqual([
      't1:orders-eu', 't1:orders-dev', 't1:orders-', 't1:application-eu', 't1:application-dev', 't1:application-',
      `${P}:orders-eu`, `${P}:orders-dev`, `${P}:orders-`, `${P}:application-eu`, `${P}:application-dev`, `${P}:application-`,
    ]);
  });

  it('leaves out missing and empty sets, names sources by scope, and reports the newest revision as the version', () => {
    const found = [
      v(P, 'application', '', 1, { 'server.port': '8080' }),
      v(P, 'orders', 'dev', 3, { 'db.url': 'jdbc:dev' }),
      v('t1', 'orders', '', 5, { 'db.pool': '5' }),
      v('t1', 'application', 'dev', 7, {}),
    ];
    const { sources, version } = propertySources(found, 'orders', ['dev'], ['t1', P], P);
    expect(sources.map((s) => s.name)).toEqual(['dataplat:tenant/t1/orders', 'dataplat:platform/orders-dev', 'dataplat:platform/application']);
    expect(version).toBe(7n);
  });
});

describe('property validation', () => {
  it('accepts flat scalar maps and refuses the rest with DPF-CFG-002', () => {
    expect(checkProperties({ 'a.b': 'x', 'list[0]': 1, flag: true })).toEqual({ 'a.b': 'x', 'list[0]': 1, flag: true });
    for (const bad of [null, [], 'x', { a: { nested: 1 } }, { 'bad key': 1 }, { a: null }, { a: Number.NaN }]) {
      expect(() => checkProperties(bad)).toThrow(expect.objectContaining({ code: 'DPF-CFG-002' }));
    }
  });

  it('parses profile lists and finds changed keys', () => {
    expect(parseProfiles('dev,eu,dev')).toEqual(['eu', 'dev']);
    expect(() => parseProfiles('dev,,eu')).toThrow(expect.objectContaining({ code: 'DPF-CFG-002' }));
    expect(changedKeys({ a: 1, b: 2, c: 3 }, { a: 1, b: 3, d: 4 })).toEqual(['b', 'c', 'd']);
  });
});
