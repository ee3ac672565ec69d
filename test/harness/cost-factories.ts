import { randomUUID } from 'node:crypto';
import type { ApiClient } from './client';
import { query } from './database';

/**
 * Seeds the cost model (docs/tenant-costs.md): clusters, daily cluster costs, placements and
 * network usage through the platform-admin GraphQL mutations; historical quota usage records
 * (which the API can only stamp with "now") straight into tenant.quota_usage_records.
 */
async function gql(api: ApiClient, token: string, document: string, variables: Record<string, unknown>): Promise<any> {
  const res = await api.graphql(document, variables, { token });
  if (res.status !== 200 || res.body?.errors) throw new Error(`cost factory failed: ${res.status} ${res.text}`);
  return res.body.data;
}

export const uniqueCluster = () => `c-${randomUUID().slice(0, 8)}`;

export interface ClusterOptions { name?: string; region?: string; shared?: boolean; cpuWeight?: number; memoryWeight?: number; storageWeight?: number; networkWeight?: number }

export async function registerCluster(api: ApiClient, token: string, options: ClusterOptions = {}): Promise<any> {
  const input = { name: uniqueCluster(), region: 'eu-west-1', ...options };
  const data = await gql(api, token, 'mutation($input: CostClusterInput!) { registerCostCluster(input: $input) { id name region shared cpuWeight memoryWeight storageWeight networkWeight } }', { input });
  return data.registerCostCluster;
}

export interface CostSplitInput { computeCost?: number; storageCost?: number; networkCost?: number; otherCost?: number }

export async function recordClusterCost(api: ApiClient, token: string, clusterName: string, date: string, split: CostSplitInput): Promise<any> {
  const data = await gql(api, token, 'mutation($input: ClusterCostInput!) { recordClusterDailyCost(input: $input) { clusterName date totalCost computeCost storageCost networkCost otherCost currency source } }',
    { input: { clusterName, date, source: 'cloud-billing-export', ...split } });
  return data.recordClusterDailyCost;
}

export async function placeTenant(api: ApiClient, token: string, tenantId: string, clusterName: string, fromDate: string): Promise<any> {
  const data = await gql(api, token, 'mutation($input: TenantPlacementInput!) { placeTenantOnCluster(input: $input) { tenantId clusterName fromDate toDate } }', { input: { tenantId, clusterName, fromDate } });
  return data.placeTenantOnCluster;
}

export async function recordNetworkUsage(api: ApiClient, token: string, tenantId: string, date: string, source: string, gib: number): Promise<any> {
  const data = await gql(api, token, 'mutation($input: NetworkUsageInput!) { recordTenantNetworkUsage(input: $input) { tenantId date source gib } }', { input: { tenantId, date, source, gib } });
  return data.recordTenantNetworkUsage;
}

/** An accepted gauge usage record (CPU millicores, MEMORY MiB, STORAGE GiB) stamped at `at`. */
export async function seedUsage(databaseUrl: string, tenantId: string, resourceType: string, source: string, amount: number, at: string): Promise<void> {
  await query(databaseUrl,
    `INSERT INTO tenant.quota_usage_records (tenant_id, resource_type, amount, used_after, hard_limit, source, accepted, recorded_at)
     VALUES ($1, $2, $3, $3, 1e12, $4, true, $5)`, [tenantId, resourceType, amount, source, at]);
}

/** yyyy-MM-dd of today (UTC) plus `days`. */
export const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
