import type { PrismaClient } from '@dataplat/db';

/** Default when a tenant has no policy row: a trusted device skips MFA (docs/identity-mfa.md). */
export const TRUSTED_DEVICES_SKIP_MFA_DEFAULT = true;

export interface MfaPolicyRow {
  tenantId: string;
  trustedDevicesSkipMfa: boolean;
  updatedAt: Date | null;
}

/** Per-tenant MFA security policy (identity.mfa_security_policies). */
export class MfaPolicyRepository {
  constructor(private readonly db: PrismaClient) {}

  async get(tenantId: string): Promise<MfaPolicyRow> {
    const row = await this.db.mfaSecurityPolicy.findUnique({ where: { tenantId }, select: { tenantId: true, trustedDevicesSkipMfa: true, updatedAt: true } });
    return row ?? { tenantId, trustedDevicesSkipMfa: TRUSTED_DEVICES_SKIP_MFA_DEFAULT, updatedAt: null };
  }

  async trustedDevicesSkipMfa(tenantId: string): Promise<boolean> {
    return (await this.get(tenantId)).trustedDevicesSkipMfa;
  }

  set(tenantId: string, trustedDevicesSkipMfa: boolean, updatedBy: string): Promise<MfaPolicyRow> {
    return this.db.mfaSecurityPolicy.upsert({
      where: { tenantId },
      create: { tenantId, trustedDevicesSkipMfa, updatedBy },
      update: { trustedDevicesSkipMfa, updatedBy },
      select: { tenantId: true, trustedDevicesSkipMfa: true, updatedAt: true },
    });
  }
}
