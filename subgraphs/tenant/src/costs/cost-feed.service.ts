import { DomainError, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import type { TenantRepository } from '../tenants/tenant.repository';
import { scopedTenant } from '../quotas/tenant-scope';
import { DEFAULT_WEIGHTS, Decimal, type Dec, round6, sum } from './attribution.model';
import { dayKey, parseDay } from './cost-dates';
import type { ClusterCostInput, CostClusterInput, NetworkUsageInput, TenantPlacementInput } from './cost-feed.inputs';
import type { ClusterRow, CostFeedRepository } from './cost-feed.repository';
import type { ClusterDailyCostRecord, CostCluster, NetworkUsageRecord, TenantPlacement } from './cost-feed.type';

const amount = (v: number | undefined | null): Dec => round6(new Decimal(v ?? 0));
const recordInvalid = (field: string, message: string) => new DomainError(TenantError.COST_RECORD_INVALID, message, { field });

export function toCluster(row: ClusterRow): CostCluster {
  return {
    id: row.id, name: row.name, region: row.region, shared: row.shared, createdAt: row.createdAt, updatedAt: row.updatedAt,
    cpuWeight: row.cpuWeight.toNumber(), memoryWeight: row.memoryWeight.toNumber(), storageWeight: row.storageWeight.toNumber(), networkWeight: row.networkWeight.toNumber(),
  };
}

/** Date text of a cost query or record: 400 DPF-TEN-102 (record) rather than 105 (query). */
function recordDay(field: string, text: string): Date {
  try {
    return parseDay(field, text);
  } catch {
    throw recordInvalid(field, `${field} must be a date yyyy-MM-dd`);
  }
}

/** Feeds the cost model: clusters and weights, daily cluster costs, placements, network usage (docs/tenant-costs.md). */
export class CostFeedService {
  constructor(
    private readonly repo: CostFeedRepository,
    private readonly tenants: TenantRepository,
  ) {}

  async registerCluster(input: CostClusterInput): Promise<CostCluster> {
    const name = input.name.trim();
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name)) throw new DomainError(TenantError.COST_CLUSTER_INVALID, 'name must be letters, digits, ".", "_" or "-"', { field: 'name' });
    const region = input.region.trim();
    if (!region) throw new DomainError(TenantError.COST_CLUSTER_INVALID, 'region must not be empty', { field: 'region' });
    const existing = await this.repo.findCluster(name);
    const weight = (given: number | undefined, current: Dec | undefined, dflt: number) => (given != null ? amount(given) : current ?? new Decimal(dflt));
    const weights = {
      cpuWeight: weight(input.cpuWeight, existing?.cpuWeight, DEFAULT_WEIGHTS.cpu),
      memoryWeight: weight(input.memoryWeight, existing?.memoryWeight, DEFAULT_WEIGHTS.memory),
      storageWeight: weight(input.storageWeight, existing?.storageWeight, DEFAULT_WEIGHTS.storage),
      networkWeight: weight(input.networkWeight, existing?.networkWeight, DEFAULT_WEIGHTS.network),
    };
    if (sum(Object.values(weights)).isZero()) throw new DomainError(TenantError.COST_CLUSTER_INVALID, 'At least one weight must be above 0', { field: 'cpuWeight' });
    return toCluster(await this.repo.upsertCluster({ name, region, shared: input.shared ?? existing?.shared ?? true, ...weights }));
  }

  async clusters(): Promise<CostCluster[]> {
    return (await this.repo.listClusters(false)).map(toCluster);
  }

  async recordClusterCost(input: ClusterCostInput): Promise<ClusterDailyCostRecord> {
    const cluster = await this.cluster(input.clusterName);
    const date = recordDay('date', input.date);
    if (input.currency != null && input.currency.trim().toUpperCase() !== 'USD') throw recordInvalid('currency', 'Costs are recorded in USD');
    const source = input.source.trim();
    if (!source) throw recordInvalid('source', 'source must not be empty');
    const split = { computeCost: amount(input.computeCost), storageCost: amount(input.storageCost), networkCost: amount(input.networkCost), otherCost: amount(input.otherCost) };
    const row = await this.repo.upsertDailyCost(cluster.id, date, { ...split, totalCost: sum(Object.values(split)), source });
    return {
      clusterName: cluster.name, date: dayKey(row.date), currency: row.currency, source: row.source,
      totalCost: row.totalCost.toNumber(), computeCost: row.computeCost.toNumber(), storageCost: row.storageCost.toNumber(), networkCost: row.networkCost.toNumber(), otherCost: row.otherCost.toNumber(),
    };
  }

  async placeTenant(caller: Principal, input: TenantPlacementInput): Promise<TenantPlacement> {
    const tenant = await scopedTenant(this.tenants, caller, input.tenantId);
    const cluster = await this.cluster(input.clusterName);
    const fromDate = recordDay('fromDate', input.fromDate);
    const row = await this.repo.place(tenant.id, cluster.id, fromDate);
    if (!row) throw new DomainError(TenantError.COST_PLACEMENT_CONFLICT, undefined, { tenantId: tenant.id, fromDate: input.fromDate });
    return { tenantId: row.tenantId, clusterName: cluster.name, fromDate: dayKey(row.fromDate), toDate: row.toDate ? dayKey(row.toDate) : null };
  }

  async recordNetworkUsage(caller: Principal, input: NetworkUsageInput): Promise<NetworkUsageRecord> {
    const tenant = await scopedTenant(this.tenants, caller, input.tenantId);
    const date = recordDay('date', input.date);
    const source = input.source.trim();
    if (!source) throw recordInvalid('source', 'source must not be empty');
    const gib = amount(input.gib);
    await this.repo.upsertNetworkUsage(tenant.id, date, source, gib);
    return { tenantId: tenant.id, date: dayKey(date), source, gib: gib.toNumber() };
  }

  private async cluster(name: string): Promise<ClusterRow> {
    const row = await this.repo.findCluster(name.trim());
    if (!row) throw new DomainError(TenantError.COST_CLUSTER_NOT_FOUND, undefined, { clusterName: name });
    return row;
  }
}
