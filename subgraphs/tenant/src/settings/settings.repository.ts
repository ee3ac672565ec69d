import type { Prisma, PrismaClient } from '@dataplat/db';

export type PreferencesRow = Prisma.TenantPreferencesGetPayload<object>;
export type LimitsRow = Prisma.TenantLimitsGetPayload<object>;

/** The only Prisma caller for tenant preferences and the limits kept outside tenant.settings. */
export class SettingsRepository {
  constructor(private readonly db: PrismaClient) {}

  preferences(tenantId: string): Promise<PreferencesRow | null> {
    return this.db.tenantPreferences.findUnique({ where: { tenantId } });
  }

  limits(tenantId: string): Promise<LimitsRow | null> {
    return this.db.tenantLimits.findUnique({ where: { tenantId } });
  }

  savePreferences(tenantId: string, data: Omit<Prisma.TenantPreferencesUncheckedCreateInput, 'tenantId'>): Promise<PreferencesRow> {
    return this.db.tenantPreferences.upsert({ where: { tenantId }, create: { tenantId, ...data }, update: data });
  }

  /**
   * Saves the limits: those kept in tenant.settings (maxUsers, maxConnectors, gpuEnabled,
   * dedicatedIngress) and the others, in one transaction.
   */
  saveLimits(tenantId: string, settings: Prisma.InputJsonValue | null, data: Omit<Prisma.TenantLimitsUncheckedCreateInput, 'tenantId'>): Promise<void> {
    return this.db.$transaction(async (tx) => {
      if (settings !== null) await tx.tenant.update({ where: { id: tenantId }, data: { settings } });
      await tx.tenantLimits.upsert({ where: { tenantId }, create: { tenantId, ...data }, update: data });
    });
  }
}
