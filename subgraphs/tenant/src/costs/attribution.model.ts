import { Prisma } from '@dataplat/db';

/** Exact decimal arithmetic for money and usage (never float): decimal.js through Prisma. */
export const Decimal = Prisma.Decimal;
export type Dec = Prisma.Decimal;
export const ZERO = new Decimal(0);
/** Money and usage are stored with 6 decimals. */
export const round6 = (d: Dec): Dec => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
/** USD in responses: cents, as a JSON number. */
export const cents = (d: Dec): number => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
export const sum = (values: Dec[]): Dec => values.reduce((a, b) => a.plus(b), ZERO);

/** The four attribution weights of a cluster (defaults in docs/tenant-costs.md). */
export interface ResourceWeights { cpu: Dec; memory: Dec; storage: Dec; network: Dec }
/** Usage of one tenant on one cluster and day: core-hours, GiB-hours, GiB-days, GiB. */
export interface ResourceUsage { cpu: Dec; memory: Dec; storage: Dec; network: Dec }
export interface CostSplit { compute: Dec; storage: Dec; network: Dec; other: Dec }

export const DEFAULT_WEIGHTS = { cpu: 1, memory: 0.25, storage: 0.01, network: 0.05 } as const;
export const RESOURCES = ['cpu', 'memory', 'storage', 'network'] as const;
export const CATEGORIES = ['compute', 'storage', 'network', 'other'] as const;

export function emptyUsage(): ResourceUsage {
  return { cpu: ZERO, memory: ZERO, storage: ZERO, network: ZERO };
}

export function addUsage(a: ResourceUsage, b: ResourceUsage): ResourceUsage {
  return { cpu: a.cpu.plus(b.cpu), memory: a.memory.plus(b.memory), storage: a.storage.plus(b.storage), network: a.network.plus(b.network) };
}

/** Each resource's term of the weight: usage x weight. */
export function weightTerms(u: ResourceUsage, w: ResourceWeights): ResourceUsage {
  return { cpu: u.cpu.times(w.cpu), memory: u.memory.times(w.memory), storage: u.storage.times(w.storage), network: u.network.times(w.network) };
}

/** resource weight = CPU x CPU weight + memory x memory weight + storage x storage weight + network x network weight. */
export function resourceWeight(u: ResourceUsage, w: ResourceWeights): Dec {
  const t = weightTerms(u, w);
  return t.cpu.plus(t.memory).plus(t.storage).plus(t.network);
}

/**
 * Splits `amount` in proportion to `parts`, each rounded to 6 decimals; the rounding residue goes
 * to the largest part so that the pieces add up to `amount` exactly. All zero parts: all zero.
 */
export function splitByParts(amount: Dec, parts: Dec[]): Dec[] {
  const whole = sum(parts);
  if (whole.isZero()) return parts.map(() => ZERO);
  const pieces = parts.map((p) => round6(amount.times(p).div(whole)));
  const residue = amount.minus(sum(pieces));
  if (!residue.isZero()) {
    const largest = parts.reduce((best, p, i) => (p.gt(parts[best]) ? i : best), 0);
    pieces[largest] = pieces[largest].plus(residue);
  }
  return pieces;
}

export interface TenantAttribution {
  tenantId: string;
  usage: ResourceUsage;
  weight: Dec;
  /** weight / total weight (0 when the total weight is 0) */
  share: Dec;
  cost: Dec;
  breakdown: CostSplit;
  /** The cost split by resource: in proportion to each resource's term of the weight. */
  resources: ResourceUsage;
}

export interface ClusterAttribution {
  totalWeight: Dec;
  attributed: Dec;
  tenants: TenantAttribution[];
}

/**
 * Spec 2 "Attribution model": tenant cost = cluster cost x (tenant weight / total weight).
 * The tenant's compute/storage/network/other breakdown is the cluster's breakdown times the same
 * share (so the categories add up to the tenant cost). A total weight of 0 (no usage on the
 * cluster that day) attributes nothing: every tenant's cost is 0, the cost stays unattributed.
 */
export function attributeClusterCost(cost: CostSplit & { total: Dec }, weights: ResourceWeights, tenants: { tenantId: string; usage: ResourceUsage }[]): ClusterAttribution {
  const weighted = tenants.map((t) => ({ ...t, weight: resourceWeight(t.usage, weights) }));
  const totalWeight = sum(weighted.map((t) => t.weight));
  const out = weighted.map((t): TenantAttribution => {
    if (totalWeight.isZero()) {
      return { ...t, share: ZERO, cost: ZERO, breakdown: { compute: ZERO, storage: ZERO, network: ZERO, other: ZERO }, resources: emptyUsage() };
    }
    const tenantCost = round6(cost.total.times(t.weight).div(totalWeight));
    const [compute, storage, network, other] = splitByParts(tenantCost, [cost.compute, cost.storage, cost.network, cost.other]);
    const terms = weightTerms(t.usage, weights);
    const [cpu, memory, stor, net] = splitByParts(tenantCost, RESOURCES.map((r) => terms[r]));
    return {
      ...t, share: t.weight.div(totalWeight).toDecimalPlaces(12, Decimal.ROUND_HALF_UP), cost: tenantCost,
      breakdown: { compute, storage, network, other }, resources: { cpu, memory, storage: stor, network: net },
    };
  });
  return { totalWeight, attributed: sum(out.map((t) => t.cost)), tenants: out };
}
