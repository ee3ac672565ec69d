import { createHash } from 'node:crypto';

/**
 * The provisioning workflow (docs/tenant-provisioning.md): phases of steps, in order. Each step
 * acts on a provisioner (pluggable, see `Provisioners`); `apply` returns what it made (kept on
 * the step record) and `revert` undoes it from that record. Both are idempotent, so a step that
 * was running when its process died can simply run again.
 */
export const PHASES = ['INFRASTRUCTURE', 'DATA_PLANE', 'NETWORKING', 'VERIFICATION'] as const;
export type Phase = (typeof PHASES)[number];

/** What a step knows of the tenant it provisions. */
export interface ProvisioningTarget {
  id: string;
  slug: string;
  plan: string;
  tier: string;
  region: string;
  dedicatedIngress: boolean;
}

export type StepOutput = Record<string, unknown>;

/** Database resources of the tenant: its own PostgreSQL schema and a NOLOGIN role owning it. */
export interface InfrastructureProvisioner {
  createSchema(t: ProvisioningTarget): Promise<StepOutput>;
  dropSchema(t: ProvisioningTarget, made: StepOutput): Promise<void>;
  createRole(t: ProvisioningTarget): Promise<StepOutput>;
  dropRole(t: ProvisioningTarget, made: StepOutput): Promise<void>;
  /** Names of the resources that are missing (empty when all exist). */
  missing(t: ProvisioningTarget): Promise<string[]>;
}

/** Default quotas and rate-limit tier of the tenant. */
export interface DataPlaneProvisioner {
  createDefaultQuotas(t: ProvisioningTarget): Promise<StepOutput>;
  removeDefaultQuotas(t: ProvisioningTarget): Promise<void>;
  createRateLimitTier(t: ProvisioningTarget): Promise<StepOutput>;
  removeRateLimitTier(t: ProvisioningTarget): Promise<void>;
  missing(t: ProvisioningTarget): Promise<string[]>;
}

/** DNS and ingress records of the tenant. */
export interface NetworkProvisioner {
  createDnsRecord(t: ProvisioningTarget): Promise<StepOutput>;
  createIngress(t: ProvisioningTarget): Promise<StepOutput>;
  removeRecords(t: ProvisioningTarget, kind: 'DNS' | 'INGRESS'): Promise<void>;
  missing(t: ProvisioningTarget): Promise<string[]>;
}

export interface Provisioners {
  infrastructure: InfrastructureProvisioner;
  dataPlane: DataPlaneProvisioner;
  network: NetworkProvisioner;
}

export interface StepDefinition {
  phase: Phase;
  name: string;
  apply(p: Provisioners, t: ProvisioningTarget): Promise<StepOutput>;
  revert(p: Provisioners, t: ProvisioningTarget, made: StepOutput): Promise<void>;
}

/** The steps of the workflow, in the order they run (rollback runs them backwards). */
export const STEPS: readonly StepDefinition[] = [
  { phase: 'INFRASTRUCTURE', name: 'create-schema', apply: (p, t) => p.infrastructure.createSchema(t), revert: (p, t, m) => p.infrastructure.dropSchema(t, m) },
  { phase: 'INFRASTRUCTURE', name: 'create-role', apply: (p, t) => p.infrastructure.createRole(t), revert: (p, t, m) => p.infrastructure.dropRole(t, m) },
  { phase: 'DATA_PLANE', name: 'default-quotas', apply: (p, t) => p.dataPlane.createDefaultQuotas(t), revert: (p, t) => p.dataPlane.removeDefaultQuotas(t) },
  { phase: 'DATA_PLANE', name: 'rate-limit-tier', apply: (p, t) => p.dataPlane.createRateLimitTier(t), revert: (p, t) => p.dataPlane.removeRateLimitTier(t) },
  { phase: 'NETWORKING', name: 'dns-record', apply: (p, t) => p.network.createDnsRecord(t), revert: (p, t) => p.network.removeRecords(t, 'DNS') },
  { phase: 'NETWORKING', name: 'ingress', apply: (p, t) => p.network.createIngress(t), revert: (p, t) => p.network.removeRecords(t, 'INGRESS') },
  { phase: 'VERIFICATION', name: 'verify-resources', apply: verify, revert: async () => undefined },
];

/** Every resource the earlier steps made exists (a provisioner that lost something fails here). */
async function verify(p: Provisioners, t: ProvisioningTarget): Promise<StepOutput> {
  const missing = [...(await p.infrastructure.missing(t)), ...(await p.dataPlane.missing(t)), ...(await p.network.missing(t))];
  if (missing.length > 0) throw new Error(`missing resources: ${missing.join(', ')}`);
  return { verified: true };
}

export function stepNamed(name: string): StepDefinition {
  const step = STEPS.find((s) => s.name === name);
  if (!step) throw new Error(`unknown provisioning step ${name}`);
  return step;
}

/** Gateway default tier limits of spec 2 "Limits": [limit, burst] per second, minute, hour. */
export const RATE_LIMIT_TIERS: Record<string, { second: [number, number]; minute: [number, number]; hour: [number, number] }> = {
  free: { second: [10, 15], minute: [100, 150], hour: [1_000, 1_200] },
  professional: { second: [50, 75], minute: [500, 750], hour: [10_000, 12_000] },
  enterprise: { second: [200, 300], minute: [2_000, 3_000], hour: [50_000, 60_000] },
};

/** Names of the tenant's PostgreSQL schema and role: `tenant_<slug>` (hyphens as underscores, at most 63 bytes). */
export function tenantDbName(slug: string): string {
  if (!/^[a-z][a-z0-9-]{1,62}$/.test(slug)) throw new Error(`not a tenant slug: ${slug}`);
  const name = `tenant_${slug.replace(/-/g, '_')}`;
  return name.length <= 63 ? name : `${name.slice(0, 54)}_${createHash('sha256').update(slug).digest('hex').slice(0, 8)}`;
}
