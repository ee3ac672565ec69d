import type { Prisma, PrismaClient } from '@dataplat/db';
import { isUniqueViolation } from '@dataplat/db';
import { DomainError } from '@dataplat/kit';
import { ConfigError } from '../errors';

export type FlagRow = Prisma.FeatureFlagGetPayload<object>;

/** The only Prisma caller for feature flags; every call names its tenant(s). */
export class FlagRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The flag of the first tenant (in order) that has one with this key. */
  async findVisible(tenantIds: string[], key: string): Promise<FlagRow | null> {
    const rows = await this.db.featureFlag.findMany({ where: { tenantId: { in: tenantIds }, key } });
    return tenantIds.map((t) => rows.find((r) => r.tenantId === t)).find(Boolean) ?? null;
  }

  /** Flags of these keys, the first tenant's shadowing the next's. */
  async findManyVisible(tenantIds: string[], keys: string[]): Promise<Map<string, FlagRow>> {
    const rows = await this.db.featureFlag.findMany({ where: { tenantId: { in: tenantIds }, key: { in: keys } } });
    const out = new Map<string, FlagRow>();
    for (const t of [...tenantIds].reverse()) for (const r of rows) if (r.tenantId === t) out.set(r.key, r);
    return out;
  }

  /** The tenant's flags and the platform's not shadowed by one of the tenant, by key. */
  async list(tenantId: string, platformTenantId: string, enabled: boolean | undefined, skip: number, take: number): Promise<{ rows: FlagRow[]; total: number }> {
    const filter = enabled === undefined ? {} : { enabled };
    const where: Prisma.FeatureFlagWhereInput =
      tenantId === platformTenantId
        ? { tenantId, ...filter }
        : {
            ...filter,
            OR: [
              { tenantId },
              { tenantId: platformTenantId, key: { notIn: (await this.db.featureFlag.findMany({ where: { tenantId }, select: { key: true } })).map((r) => r.key) } },
            ],
          };
    const [rows, total] = await this.db.$transaction([
      this.db.featureFlag.findMany({ where, orderBy: [{ key: 'asc' }, { tenantId: 'asc' }], skip, take }),
      this.db.featureFlag.count({ where }),
    ]);
    return { rows, total };
  }

  find(tenantId: string, key: string): Promise<FlagRow | null> {
    return this.db.featureFlag.findUnique({ where: { tenantId_key: { tenantId, key } } });
  }

  async create(data: Prisma.FeatureFlagUncheckedCreateInput): Promise<FlagRow> {
    try {
      return await this.db.featureFlag.create({ data });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(ConfigError.FEATURE_FLAG_EXISTS, undefined, { key: data.key });
      throw e;
    }
  }

  /** Null when the tenant has no flag of this key. */
  async update(tenantId: string, key: string, data: Prisma.FeatureFlagUncheckedUpdateInput): Promise<FlagRow | null> {
    const { count } = await this.db.featureFlag.updateMany({ where: { tenantId, key }, data });
    return count ? this.find(tenantId, key) : null;
  }

  async delete(tenantId: string, key: string): Promise<boolean> {
    return (await this.db.featureFlag.deleteMany({ where: { tenantId, key } })).count > 0;
  }
}
