import { LocalDeployer } from './deployer';
import { isNamespace, isOlder, isReleaseName, isSemver, sortVersions } from './release.model';
import { validateValues, type ValuesSchema } from './values-schema';

describe('release names and namespaces', () => {
  it('accepts DNS-1123 labels of at most 53 characters as release names', () => {
    expect(isReleaseName('analytics-runtime')).toBe(true);
    expect(isReleaseName('a')).toBe(true);
    expect(isReleaseName('a'.repeat(53))).toBe(true);
    expect(isReleaseName('a'.repeat(54))).toBe(false);
    for (const bad of ['Upper', '-lead', 'trail-', 'under_score', 'dot.ted', '']) expect(isReleaseName(bad)).toBe(false);
  });

  it('accepts namespaces of at most 63 characters', () => {
    expect(isNamespace('a'.repeat(63))).toBe(true);
    expect(isNamespace('a'.repeat(64))).toBe(false);
    expect(isNamespace('Tenant')).toBe(false);
  });
});

describe('semver', () => {
  it('orders 1.10.0 after 1.9.0 and pre-releases before their release', () => {
    expect(sortVersions(['1.10.0', '1.9.0', '2.0.0', '1.9.0-rc.1', '0.9.2'])).toEqual(['0.9.2', '1.9.0-rc.1', '1.9.0', '1.10.0', '2.0.0']);
    expect(isOlder('1.9.0', '1.10.0')).toBe(true);
    expect(isOlder('1.10.0', '1.9.0')).toBe(false);
    expect(isOlder('1.10.0', '1.10.0')).toBe(false);
  });

  it('accepts only plain semantic versions', () => {
    expect(isSemver('1.10.0')).toBe(true);
    expect(isSemver('1.0.0-beta.2+build.5')).toBe(true);
    for (const bad of ['1.10', 'v1.10.0', 'latest', '01.2.3']) expect(isSemver(bad)).toBe(false);
  });
});

const schema: ValuesSchema = {
  type: 'object', required: ['replicaCount', 'image'],
  properties: {
    replicaCount: { type: 'integer', minimum: 0, maximum: 10 },
    image: { type: 'object', required: ['tag'], properties: { tag: { type: 'string', minLength: 1 }, pullPolicy: { type: 'string', enum: ['Always', 'IfNotPresent'] } } },
    env: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[A-Z_]+$' } } } },
    ratio: { type: 'number' },
  },
};

describe('validateValues', () => {
  it('accepts valid values (integers are numbers)', () => {
    expect(validateValues(schema, { replicaCount: 0, image: { tag: '1' }, env: [{ name: 'A_B' }], ratio: 1 })).toEqual([]);
  });

  it('lists every violation with its path', () => {
    expect(validateValues(schema, { replicaCount: -1, image: { tag: '', pullPolicy: 'Sometimes' }, env: [{ name: 'bad-name' }, {}] })).toEqual([
      'replicaCount: must be >= 0',
      'image.tag: must have at least 1 characters',
      'image.pullPolicy: must be one of "Always", "IfNotPresent"',
      'env[0].name: must match ^[A-Z_]+$',
      'env[1].name: is required',
    ]);
  });

  it('refuses wrong types and missing required keys', () => {
    expect(validateValues(schema, { replicaCount: 1.5 })).toEqual(['image: is required', 'replicaCount: must be an integer, got number']);
    expect(validateValues(schema, { replicaCount: '3', image: { tag: 'x' } })).toEqual(['replicaCount: must be an integer, got string']);
    expect(validateValues(schema, [])).toEqual(['(root): must be an object, got array']);
  });
});

describe('LocalDeployer', () => {
  const chart = { chartName: 'c', version: '1.0.0', appVersion: '2.0.0', valuesSchema: schema };
  const request = (values: Record<string, unknown>) => ({ tenantId: 't', releaseName: 'r', namespace: 'ns', revision: 1, chart, values, timeoutSeconds: 300 });

  it('renders valid values and returns the manifest sha256, equal for equal values', async () => {
    const a = await new LocalDeployer().deploy(request({ replicaCount: 1, image: { tag: 'x' } }));
    const b = await new LocalDeployer().deploy(request({ image: { tag: 'x' }, replicaCount: 1 }));
    const c = await new LocalDeployer().deploy(request({ replicaCount: 2, image: { tag: 'x' } }));
    expect(a).toEqual({ ok: true, manifestHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('fails on values that break the chart schema', async () => {
    const out = await new LocalDeployer().deploy(request({ replicaCount: 11, image: { tag: 'x' } }));
    expect(out).toMatchObject({ ok: false, errors: ['replicaCount: must be <= 10'] });
  });
});
