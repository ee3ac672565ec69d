/** Resource types of spec 2 "Resource quota and usage": unit, and the usage window of rate-like ones. */
export const RESOURCE_TYPES = {
  CPU: { unit: 'millicores', window: null },
  MEMORY: { unit: 'MiB', window: null },
  STORAGE: { unit: 'GiB', window: null },
  API_CALLS: { unit: 'requests per minute', window: 'minute' },
  CONNECTIONS: { unit: 'count', window: null },
  USERS: { unit: 'count', window: null },
  QUERIES: { unit: 'queries per day', window: 'day' },
  PIPELINES: { unit: 'count', window: null },
  MODELS: { unit: 'count', window: null },
} as const;

export type ResourceType = keyof typeof RESOURCE_TYPES;
export const RESOURCE_TYPE_NAMES = Object.keys(RESOURCE_TYPES) as ResourceType[];
export const isResourceType = (v: string): v is ResourceType => Object.prototype.hasOwnProperty.call(RESOURCE_TYPES, v);

/** HARD refuses usage above the hard limit; SOFT accepts it and raises a critical alert. */
export const ENFORCEMENT_MODES = ['HARD', 'SOFT'] as const;

/** Plans (the tenant tiers of spec 2) and their default hard limits; soft limit = 80 % of hard. */
export const TIER_DEFAULTS: Record<string, Record<ResourceType, number>> = {
  FREE: { CPU: 2_000, MEMORY: 4_096, STORAGE: 10, API_CALLS: 100, CONNECTIONS: 10, USERS: 5, QUERIES: 1_000, PIPELINES: 3, MODELS: 1 },
  STARTER: { CPU: 8_000, MEMORY: 16_384, STORAGE: 100, API_CALLS: 250, CONNECTIONS: 50, USERS: 25, QUERIES: 10_000, PIPELINES: 20, MODELS: 5 },
  PROFESSIONAL: { CPU: 32_000, MEMORY: 65_536, STORAGE: 1_000, API_CALLS: 500, CONNECTIONS: 200, USERS: 100, QUERIES: 100_000, PIPELINES: 100, MODELS: 25 },
  ENTERPRISE: { CPU: 128_000, MEMORY: 262_144, STORAGE: 10_000, API_CALLS: 2_000, CONNECTIONS: 1_000, USERS: 1_000, QUERIES: 1_000_000, PIPELINES: 500, MODELS: 100 },
};
export const SOFT_LIMIT_RATIO = 0.8;

export interface QuotaLimits {
  resourceType: ResourceType;
  softLimit: number;
  hardLimit: number;
  unit: string;
  enforcementMode: string;
}

/** The default quotas of a plan (unknown plans get STARTER's). */
export function defaultQuotas(plan: string): QuotaLimits[] {
  const table = TIER_DEFAULTS[plan] ?? TIER_DEFAULTS.STARTER;
  return RESOURCE_TYPE_NAMES.map((resourceType) => ({
    resourceType,
    hardLimit: table[resourceType],
    softLimit: Math.floor(table[resourceType] * SOFT_LIMIT_RATIO),
    unit: RESOURCE_TYPES[resourceType].unit,
    enforcementMode: 'HARD',
  }));
}

/** Usage as a percentage of the hard limit, two decimals (0 when the hard limit is 0 and nothing is used). */
export function utilizationPercent(used: number, hardLimit: number): number {
  if (hardLimit <= 0) return used > 0 ? 100 : 0;
  return Math.round((used / hardLimit) * 10_000) / 100;
}

/** Trend buckets (`date_trunc` units). */
export const TREND_INTERVALS = ['hour', 'day', 'week'] as const;
