import type { PrismaClient } from '@dataplat/db';
import { defaultQuotas, RESOURCE_TYPES } from '../quotas/quota.model';
import { QuotaRepository } from '../quotas/quota.repository';
import { RATE_LIMIT_TIERS, tenantDbName, type DataPlaneProvisioner, type InfrastructureProvisioner, type NetworkProvisioner, type Provisioners, type ProvisioningTarget, type StepOutput } from './provisioning-steps';

/** Domain under which tenants get their host names (`<slug>.<domain>`). */
export const TENANT_DOMAIN = 'tenants.dataplat.internal';

/** A quoted SQL identifier; the name comes from tenantDbName (a checked slug), never from raw input. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The embedded infrastructure provisioner: the tenant's PostgreSQL schema `tenant_<slug>` and a
 * NOLOGIN role of the same name that owns it, in the platform's own database. Idempotent.
 */
export class PostgresInfrastructureProvisioner implements InfrastructureProvisioner {
  constructor(private readonly db: PrismaClient) {}

  async createSchema(t: ProvisioningTarget): Promise<StepOutput> {
    const schema = tenantDbName(t.slug);
    await this.db.$executeRawUnsafe(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
    return { schema };
  }

  async dropSchema(t: ProvisioningTarget): Promise<void> {
    await this.db.$executeRawUnsafe(`DROP SCHEMA IF EXISTS ${ident(tenantDbName(t.slug))} CASCADE`);
  }

  async createRole(t: ProvisioningTarget): Promise<StepOutput> {
    const role = tenantDbName(t.slug);
    await this.db.$transaction([
      // CREATE ROLE has no IF NOT EXISTS; the lock makes the check-then-create safe between runners.
      this.db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${role}))`,
      this.db.$executeRawUnsafe(`DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${ident(role)} NOLOGIN; END IF; END $$`),
      this.db.$executeRawUnsafe(`GRANT USAGE, CREATE ON SCHEMA ${ident(role)} TO ${ident(role)}`),
    ]);
    return { role, login: false };
  }

  async dropRole(t: ProvisioningTarget): Promise<void> {
    const role = tenantDbName(t.slug);
    const [{ schema }] = await this.db.$queryRaw<{ schema: boolean }[]>`SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = ${role}) AS schema`;
    if (schema) await this.db.$executeRawUnsafe(`REVOKE ALL ON SCHEMA ${ident(role)} FROM ${ident(role)}`).catch(() => undefined);
    await this.db.$executeRawUnsafe(`DROP ROLE IF EXISTS ${ident(role)}`);
  }

  async missing(t: ProvisioningTarget): Promise<string[]> {
    const name = tenantDbName(t.slug);
    const [row] = await this.db.$queryRaw<{ schema: boolean; role: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = ${name}) AS schema,
             EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${name} AND NOT rolcanlogin) AS role`;
    return [...(row.schema ? [] : [`schema ${name}`]), ...(row.role ? [] : [`role ${name}`])];
  }
}

/**
 * The tenant's quotas (the quota domain's own rows, defaults of the tenant's plan: spec 2 Limits
 * rule 7) and the default rate-limit tier row.
 */
export class DatabaseDataPlaneProvisioner implements DataPlaneProvisioner {
  private readonly quotas: QuotaRepository;

  constructor(private readonly db: PrismaClient) {
    this.quotas = new QuotaRepository(db);
  }

  /** Quotas the tenant lacks get the plan's defaults; quotas already set (by an administrator) are kept. */
  async createDefaultQuotas(t: ProvisioningTarget): Promise<StepOutput> {
    const defaults = defaultQuotas(t.plan).map((q) => ({ ...q, window: RESOURCE_TYPES[q.resourceType].window }));
    const created = await this.quotas.createMissing(t.id, defaults);
    return { plan: t.plan, quotas: defaults.map((q) => q.resourceType), created };
  }

  async removeDefaultQuotas(t: ProvisioningTarget): Promise<void> {
    await this.quotas.removeAll(t.id);
  }

  async createRateLimitTier(t: ProvisioningTarget): Promise<StepOutput> {
    const l = RATE_LIMIT_TIERS[t.tier] ?? RATE_LIMIT_TIERS.free;
    const data = { tier: t.tier, perSecond: l.second[0], burstSecond: l.second[1], perMinute: l.minute[0], burstMinute: l.minute[1], perHour: l.hour[0], burstHour: l.hour[1] };
    await this.db.provisionedRateLimit.upsert({ where: { tenantId: t.id }, create: { tenantId: t.id, ...data }, update: data });
    return data;
  }

  async removeRateLimitTier(t: ProvisioningTarget): Promise<void> {
    await this.db.provisionedRateLimit.deleteMany({ where: { tenantId: t.id } });
  }

  async missing(t: ProvisioningTarget): Promise<string[]> {
    const [quotas, tier] = await Promise.all([this.quotas.count(t.id), this.db.provisionedRateLimit.count({ where: { tenantId: t.id } })]);
    return [...(quotas > 0 ? [] : ['default quotas']), ...(tier > 0 ? [] : ['rate-limit tier'])];
  }
}

/** DNS record `<slug>.<domain>` CNAME to the region's ingress, and the ingress route (shared or dedicated). */
export class DatabaseNetworkProvisioner implements NetworkProvisioner {
  constructor(private readonly db: PrismaClient) {}

  async createDnsRecord(t: ProvisioningTarget): Promise<StepOutput> {
    const record = { tenantId: t.id, kind: 'DNS', type: 'CNAME', name: `${t.slug}.${TENANT_DOMAIN}`, target: `${ingressClass(t)}.${t.region}.${TENANT_DOMAIN}` };
    await this.db.provisionedNetworkRecord.upsert({ where: { kind_name: { kind: 'DNS', name: record.name } }, create: record, update: { target: record.target } });
    return { name: record.name, type: record.type, target: record.target };
  }

  async createIngress(t: ProvisioningTarget): Promise<StepOutput> {
    const record = { tenantId: t.id, kind: 'INGRESS', type: ingressClass(t), name: `${t.slug}.${TENANT_DOMAIN}`, target: `tenant-${t.slug}.${t.region}.svc` };
    await this.db.provisionedNetworkRecord.upsert({ where: { kind_name: { kind: 'INGRESS', name: record.name } }, create: record, update: { type: record.type, target: record.target } });
    return { host: record.name, class: record.type, backend: record.target };
  }

  async removeRecords(t: ProvisioningTarget, kind: 'DNS' | 'INGRESS'): Promise<void> {
    await this.db.provisionedNetworkRecord.deleteMany({ where: { tenantId: t.id, kind } });
  }

  async missing(t: ProvisioningTarget): Promise<string[]> {
    const kinds = new Set((await this.db.provisionedNetworkRecord.findMany({ where: { tenantId: t.id }, select: { kind: true } })).map((r) => r.kind));
    return ['DNS', 'INGRESS'].filter((k) => !kinds.has(k)).map((k) => `${k.toLowerCase()} record`);
  }
}

const ingressClass = (t: ProvisioningTarget) => (t.dedicatedIngress ? 'dedicated' : 'shared');

/** The embedded default: real local work in the platform's database. */
export function embeddedProvisioners(db: PrismaClient): Provisioners {
  return { infrastructure: new PostgresInfrastructureProvisioner(db), dataPlane: new DatabaseDataPlaneProvisioner(db), network: new DatabaseNetworkProvisioner(db) };
}
