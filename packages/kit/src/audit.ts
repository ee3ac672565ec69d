/**
 * What the gateway records of one operation (one root mutation field) into audit.intake, and
 * what the audit service's chainer appends to a tenant's hash chain (docs/audit-service.md).
 */
export interface AuditRecord {
  eventId: string;
  /** Null when the gateway could not tell (anonymous failures): the chainer resolves it. */
  tenantId: string | null;
  occurredAt: Date;
  actorKind: string;
  actorId: string | null;
  actorTenantId: string | null;
  actorRoles: string[];
  action: string;
  /** AUTHENTICATION, ACCESS_CONTROL or CHANGE. */
  category: string;
  resourceType: string | null;
  resourceId: string | null;
  /** SUCCESS or FAILURE. */
  outcome: string;
  errorCode: string | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  /** Anonymous failures only: the attempted e-mail, to find the tenant (never kept in the log). */
  subjectEmail: string | null;
}
