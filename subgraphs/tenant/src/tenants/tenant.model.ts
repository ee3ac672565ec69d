import type { TenantRow } from './tenant.repository';
import type { Tenant, TenantSettings } from './tenant.type';

/** Plans of spec 2: FREE and STARTER run on shared infrastructure. */
export const PLANS = ['FREE', 'STARTER', 'PROFESSIONAL', 'ENTERPRISE'] as const;
export type Plan = (typeof PLANS)[number];

/** Rate-limit tiers of spec 2 "Limits". */
export const TIERS = ['free', 'professional', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/** The tier a plan gets unless the request names one. */
export const DEFAULT_TIER: Record<Plan, Tier> = { FREE: 'free', STARTER: 'free', PROFESSIONAL: 'professional', ENTERPRISE: 'enterprise' };

export const TENANT_STATUSES = ['PROVISIONING', 'ACTIVE', 'SUSPENDED', 'DEPROVISIONING', 'DEPROVISIONED', 'FAILED'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

export function toSettings(raw: unknown): TenantSettings {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    maxUsers: typeof s.maxUsers === 'number' ? s.maxUsers : null,
    maxConnectors: typeof s.maxConnectors === 'number' ? s.maxConnectors : null,
    gpuEnabled: s.gpuEnabled === true,
    dedicatedIngress: s.dedicatedIngress === true,
  };
}

export function toTenant(row: TenantRow): Tenant {
  return { ...row, settings: toSettings(row.settings) };
}
