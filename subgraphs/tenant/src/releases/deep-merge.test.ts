import { canonicalJson, deepMerge, jsonDepth } from './deep-merge';

describe('deepMerge (Helm values coalescing)', () => {
  const defaults = {
    replicaCount: 2,
    image: { repository: 'registry/app', tag: '1.0.0', pullPolicy: 'IfNotPresent' },
    service: { type: 'ClusterIP', port: 8080 },
    ingress: { enabled: false, hosts: ['a.example.com', 'b.example.com'] },
    nodeSelector: { zone: 'a' },
  };

  it('merges objects recursively and keeps keys the override does not name', () => {
    expect(deepMerge(defaults, { image: { tag: '1.1.0' }, service: { port: 9090 } })).toEqual({
      ...defaults, image: { repository: 'registry/app', tag: '1.1.0', pullPolicy: 'IfNotPresent' }, service: { type: 'ClusterIP', port: 9090 },
    });
  });

  it('replaces arrays and scalars instead of merging them', () => {
    const out = deepMerge(defaults, { replicaCount: 5, ingress: { hosts: ['c.example.com'] } });
    expect(out.replicaCount).toBe(5);
    expect(out.ingress).toEqual({ enabled: false, hosts: ['c.example.com'] });
  });

  it('deletes a key set to null, at any depth', () => {
    const out = deepMerge(defaults, { nodeSelector: null, image: { pullPolicy: null } });
    expect(out).not.toHaveProperty('nodeSelector');
    expect(out.image).toEqual({ repository: 'registry/app', tag: '1.0.0' });
  });

  it('lets an object replace a scalar and a scalar replace an object', () => {
    expect(deepMerge({ a: 1, b: { c: 1 } }, { a: { x: 1 }, b: 'flat' })).toEqual({ a: { x: 1 }, b: 'flat' });
  });

  it('adds new keys, dropping nulls inside them', () => {
    expect(deepMerge({}, { extra: { keep: 1, drop: null } })).toEqual({ extra: { keep: 1 } });
  });

  it('modifies neither argument and shares no objects with them', () => {
    const base = { a: { b: [1, 2] } };
    const override = { a: { c: { d: 1 } } };
    const out = deepMerge(base, override);
    (out.a as any).b.push(3);
    (out.a as any).c.d = 2;
    expect(base).toEqual({ a: { b: [1, 2] } });
    expect(override).toEqual({ a: { c: { d: 1 } } });
  });

  it('with an empty override returns the defaults', () => {
    expect(deepMerge(defaults, {})).toEqual(defaults);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level so equal values give equal text', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });
});

describe('jsonDepth', () => {
  it('counts nesting of objects and arrays', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
  });
});
