import { attributeClusterCost, Decimal, type Dec, resourceWeight, splitByParts, type ResourceUsage } from './attribution.model';

const d = (v: number | string) => new Decimal(v);
const usage = (cpu: number, memory: number, storage: number, network: number): ResourceUsage => ({ cpu: d(cpu), memory: d(memory), storage: d(storage), network: d(network) });
const str = (v: Dec) => v.toFixed(6);

// Weights: CPU 1 per core-hour, memory 0.25 per GiB-hour, storage 0.01 per GiB-day, network 0.05 per GiB.
const weights = { cpu: d(1), memory: d(0.25), storage: d(0.01), network: d(0.05) };
// Cluster cost of the day: 100 = compute 60 + storage 20 + network 10 + other 10.
const cost = { total: d(100), compute: d(60), storage: d(20), network: d(10), other: d(10) };

describe('resourceWeight', () => {
  it('is CPU x w + memory x w + storage x w + network x w', () => {
    // 24 x 1 + 96 x 0.25 + 100 x 0.01 + 20 x 0.05 = 24 + 24 + 1 + 1 = 50
    expect(str(resourceWeight(usage(24, 96, 100, 20), weights))).toBe('50.000000');
  });
});

describe('attributeClusterCost', () => {
  // A: 24 + 24 + 1 + 1 = 50; B: 12 x 1 + 48 x 0.25 + 500 x 0.01 + 0 = 12 + 12 + 5 = 29; C: 420 x 0.05 = 21.
  // Total weight 100; shares 0.5, 0.29, 0.21; costs 100 x 0.5 = 50, 100 x 0.29 = 29, 100 x 0.21 = 21.
  const result = attributeClusterCost(cost, weights, [
    { tenantId: 'A', usage: usage(24, 96, 100, 20) },
    { tenantId: 'B', usage: usage(12, 48, 500, 0) },
    { tenantId: 'C', usage: usage(0, 0, 0, 420) },
  ]);
  const [a, b, c] = result.tenants;

  it('applies tenant cost = cluster cost x (tenant weight / total weight)', () => {
    expect(str(result.totalWeight)).toBe('100.000000');
    expect([a, b, c].map((t) => str(t.weight))).toEqual(['50.000000', '29.000000', '21.000000']);
    expect([a, b, c].map((t) => t.share.toNumber())).toEqual([0.5, 0.29, 0.21]);
    expect([a, b, c].map((t) => str(t.cost))).toEqual(['50.000000', '29.000000', '21.000000']);
    expect(str(result.attributed)).toBe('100.000000');
  });

  it('splits the breakdown as the cluster\'s categories times the share', () => {
    // A: 60 x 0.5 = 30, 20 x 0.5 = 10, 10 x 0.5 = 5, 10 x 0.5 = 5
    expect(Object.values(a.breakdown).map(str)).toEqual(['30.000000', '10.000000', '5.000000', '5.000000']);
    // B: 60 x 0.29 = 17.4, 20 x 0.29 = 5.8, 10 x 0.29 = 2.9, 10 x 0.29 = 2.9
    expect(Object.values(b.breakdown).map(str)).toEqual(['17.400000', '5.800000', '2.900000', '2.900000']);
    // C: 60 x 0.21 = 12.6, 4.2, 2.1, 2.1 (sum 21)
    expect(Object.values(c.breakdown).map(str)).toEqual(['12.600000', '4.200000', '2.100000', '2.100000']);
  });

  it('splits each tenant\'s cost by the resource terms of its weight', () => {
    // A: 50 x 24/50 = 24 (cpu), 50 x 24/50 = 24 (memory), 1 (storage), 1 (network)
    expect(Object.values(a.resources).map(str)).toEqual(['24.000000', '24.000000', '1.000000', '1.000000']);
    // B: 29 x 12/29 = 12, 12, 5, 0
    expect(Object.values(b.resources).map(str)).toEqual(['12.000000', '12.000000', '5.000000', '0.000000']);
  });

  it('attributes nothing when the total weight is 0 (no usage on the cluster)', () => {
    const none = attributeClusterCost(cost, weights, [{ tenantId: 'A', usage: usage(0, 0, 0, 0) }, { tenantId: 'B', usage: usage(0, 0, 0, 0) }]);
    expect(str(none.totalWeight)).toBe('0.000000');
    expect(str(none.attributed)).toBe('0.000000');
    expect(none.tenants.map((t) => [str(t.share), str(t.cost), str(t.breakdown.compute)])).toEqual([['0.000000', '0.000000', '0.000000'], ['0.000000', '0.000000', '0.000000']]);
  });

  it('rounds each tenant cost to 6 decimals (10 / 3 tenants = 3.333333 each)', () => {
    const third = attributeClusterCost({ total: d(10), compute: d(10), storage: d(0), network: d(0), other: d(0) }, weights, ['A', 'B', 'C'].map((tenantId) => ({ tenantId, usage: usage(1, 0, 0, 0) })));
    expect(third.tenants.map((t) => str(t.cost))).toEqual(['3.333333', '3.333333', '3.333333']);
    // 10 - 3 x 3.333333 = 0.000001 stays unattributed
    expect(str(third.attributed)).toBe('9.999999');
    expect(str(third.tenants[0].breakdown.compute)).toBe('3.333333');
  });
});

describe('splitByParts', () => {
  it('gives the rounding residue to the largest part so the pieces add up', () => {
    // 10 x 1/3 = 3.333333 (x3 = 9.999999); residue 0.000001 to the first largest part
    expect(splitByParts(d(10), [d(1), d(1), d(1)]).map(str)).toEqual(['3.333334', '3.333333', '3.333333']);
    // 1 x 2/3 = 0.666667, 1 x 1/3 = 0.333333: already 1
    expect(splitByParts(d(1), [d(2), d(1)]).map(str)).toEqual(['0.666667', '0.333333']);
    expect(splitByParts(d(5), [d(0), d(0)]).map(str)).toEqual(['0.000000', '0.000000']);
  });
});
