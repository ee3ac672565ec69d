import type { PrismaClient } from '@dataplat/db';
import { DomainError, ErrorCode, SystemRole, type PlatformConfig, type Principal, type UserLocation } from '@dataplat/kit';
import { AUDIT_READ } from './permissions';

/** What the audit service asks identity (kit UserDirectoryClient, through its GraphQL API). */
export interface UserLookup {
  locate(email: string): Promise<UserLocation[]>;
  exists(tenantId: string, userId: string): Promise<boolean>;
}

/** What every audit-service module shares (built once per process). */
export interface AuditCore {
  db: PrismaClient;
  config: PlatformConfig;
  /** Absent only when the schema is built alone (composition checks). */
  users?: UserLookup;
}

/** A domain of the audit subgraph: its resolver instances. */
export interface AuditModule {
  resolvers: object[];
}

/** Who reads the audit log of the tenant they act in (docs/audit-service.md "Access"). */
export const AUDIT_READERS = [SystemRole.AUDITOR, SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, AUDIT_READ];
/** Who changes retention policies. */
export const AUDIT_ADMINS = [SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN];

/** The tenant whose log the caller reads: the one they act in (X-Tenant-ID for platform admins). */
export function auditTenant(p: Principal): string {
  if (!p.tenantId) throw new DomainError(ErrorCode.FORBIDDEN, 'The audit log is read in a tenant');
  return p.tenantId;
}
