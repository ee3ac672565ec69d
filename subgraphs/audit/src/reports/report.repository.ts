import type { Prisma, PrismaClient } from '@dataplat/db';
import { reportFilter, type ReportAccumulator } from './report-builder';
import type { ComplianceReportType } from './report.type';

export type ReportRow = Prisma.ComplianceReportGetPayload<object>;
const WITHOUT_ROWS = { rows: false } as const;

/** The only Prisma caller for compliance reports; every query names its tenant but the worker's claim. */
export class ReportRepository {
  constructor(private readonly db: PrismaClient) {}

  create(data: { tenantId: string; type: string; title: string; periodStart: Date; periodEnd: Date; requestedBy: string }): Promise<ReportRow> {
    return this.db.complianceReport.create({ data });
  }

  async list(tenantId: string, filter: { type?: string; status?: string }, skip: number, take: number) {
    const where: Prisma.ComplianceReportWhereInput = { tenantId, ...(filter.type ? { type: filter.type } : {}), ...(filter.status ? { status: filter.status } : {}) };
    const [rows, total] = await this.db.$transaction([
      this.db.complianceReport.findMany({ where, omit: WITHOUT_ROWS, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip, take }),
      this.db.complianceReport.count({ where }),
    ]);
    return { rows, total };
  }

  find(tenantId: string, id: string): Promise<ReportRow | null> {
    return this.db.complianceReport.findFirst({ where: { tenantId, id } });
  }

  /** In how many ms a report can next be claimed (≤ 0: now; a RUNNING one when its lease runs out); null: none. */
  async dueInMs(): Promise<number | null> {
    const [row] = await this.db.$queryRaw<Array<{ ms: number | null }>>`
      SELECT (EXTRACT(EPOCH FROM min(CASE WHEN status = 'QUEUED' THEN now() ELSE lease_until END) - now()) * 1000)::float8 AS ms
        FROM audit.compliance_reports
       WHERE status = 'QUEUED' OR (status = 'RUNNING' AND lease_until IS NOT NULL)`;
    return row?.ms ?? null;
  }

  /**
   * Claims the oldest QUEUED report, or a RUNNING one whose worker's lease ran out (it died),
   * FOR UPDATE SKIP LOCKED: it becomes RUNNING under a new lease, its attempts counted.
   */
  async claim(leaseSeconds: number): Promise<ReportRow | null> {
    const rows = await this.db.$queryRaw<Array<{ id: string }>>`
      UPDATE audit.compliance_reports r
         SET status = 'RUNNING', attempts = r.attempts + 1, started_at = now(), lease_until = now() + make_interval(secs => ${leaseSeconds})
        FROM (SELECT id FROM audit.compliance_reports
               WHERE status = 'QUEUED' OR (status = 'RUNNING' AND lease_until < now())
               ORDER BY created_at, id
               LIMIT 1
                 FOR UPDATE SKIP LOCKED) due
       WHERE r.id = due.id
   RETURNING r.id::text AS id`;
    return rows.length ? this.db.complianceReport.findUnique({ where: { id: rows[0].id } }) : null;
  }

  /** Feeds every matching event of the period to `acc`, oldest first, in keyset pages. */
  async scan(report: ReportRow, acc: ReportAccumulator): Promise<void> {
    const where: Prisma.AuditEventWhereInput = { tenantId: report.tenantId, occurredAt: { gte: report.periodStart, lt: report.periodEnd }, ...reportFilter(report.type as ComplianceReportType) };
    let after = 0n;
    for (;;) {
      const page = await this.db.auditEvent.findMany({ where: { ...where, seq: { gt: after } }, orderBy: { seq: 'asc' }, take: 2000 });
      for (const e of page) acc.add(e);
      if (page.length < 2000) return;
      after = page[page.length - 1].seq;
    }
  }

  complete(id: string, summary: Record<string, unknown>, rows: unknown[]): Promise<unknown> {
    return this.db.complianceReport.updateMany({
      where: { id, status: 'RUNNING' },
      data: { status: 'COMPLETED', summary: summary as Prisma.InputJsonObject, rows: rows as Prisma.InputJsonArray, completedAt: new Date(), leaseUntil: null, error: null },
    });
  }

  /** A failed run: back to QUEUED for another attempt, or FAILED after the last. */
  fail(id: string, error: string, final: boolean): Promise<unknown> {
    return this.db.complianceReport.updateMany({
      where: { id, status: 'RUNNING' },
      data: final ? { status: 'FAILED', error, completedAt: new Date(), leaseUntil: null } : { status: 'QUEUED', error, leaseUntil: null },
    });
  }
}
