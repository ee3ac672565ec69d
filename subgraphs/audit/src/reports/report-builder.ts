import type { Prisma } from '@dataplat/db';
import { SystemRole } from '@dataplat/kit';
import { ComplianceReportType } from './report.type';

/** Rows a report keeps (the summary counts every matching event). */
export const MAX_REPORT_ROWS = 5000;

/** Which events a report type covers (beside its period). */
export function reportFilter(type: ComplianceReportType): Prisma.AuditEventWhereInput {
  switch (type) {
    case ComplianceReportType.ACCESS_CHANGES:
      return { category: 'ACCESS_CONTROL', outcome: 'SUCCESS' };
    case ComplianceReportType.PRIVILEGED_ACTIONS:
      return { OR: [{ actorRoles: { hasSome: [SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN] } }, { actorKind: 'service_token' }] };
    case ComplianceReportType.FAILED_LOGINS:
      return { category: 'AUTHENTICATION', outcome: 'FAILURE' };
    case ComplianceReportType.ALL_ACTIVITY:
      return {};
  }
}

export interface ReportEvent {
  id: string;
  seq: bigint;
  occurredAt: Date;
  actorKind: string;
  actorId: string | null;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  outcome: string;
  errorCode: string | null;
  ip: string | null;
}

/** Accumulates a report: counts per action, actor, outcome and resource type, and the first rows. */
export class ReportAccumulator {
  private total = 0;
  private readonly byAction: Record<string, number> = {};
  private readonly byActor: Record<string, number> = {};
  private readonly byOutcome: Record<string, number> = {};
  private readonly byResourceType: Record<string, number> = {};
  private readonly byIp: Record<string, number> = {};
  readonly rows: Array<Record<string, unknown>> = [];

  add(e: ReportEvent): void {
    this.total++;
    inc(this.byAction, e.action);
    inc(this.byActor, e.actorId ?? `(${e.actorKind})`);
    inc(this.byOutcome, e.outcome);
    inc(this.byResourceType, e.resourceType ?? '(none)');
    if (e.ip) inc(this.byIp, e.ip);
    if (this.rows.length < MAX_REPORT_ROWS) {
      this.rows.push({
        id: e.id, seq: Number(e.seq), timestamp: e.occurredAt.toISOString(), actorKind: e.actorKind, userId: e.actorId, action: e.action,
        resourceType: e.resourceType, resourceId: e.resourceId, outcome: e.outcome, errorCode: e.errorCode, ipAddress: e.ip,
      });
    }
  }

  summary(): Record<string, unknown> {
    return {
      totalEvents: this.total,
      byAction: this.byAction,
      byActor: this.byActor,
      byOutcome: this.byOutcome,
      byResourceType: this.byResourceType,
      byIpAddress: this.byIp,
      rowsTruncated: this.total > this.rows.length,
    };
  }
}

function inc(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}
