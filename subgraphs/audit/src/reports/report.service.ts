import { CHANGE_CHANNELS, dueWorkLoop, DomainError, isUuid, paginate, pageWindow, parseIsoInstant, type Logger, type Page, type PollingLoop, type Principal, type WakeChannel } from '@dataplat/kit';
import { AuditError } from '../errors';
import { auditTenant } from '../core';
import { ReportAccumulator } from './report-builder';
import type { ComplianceReportListArgs, CreateComplianceReportInput } from './report.inputs';
import type { ReportRepository, ReportRow } from './report.repository';
import { ComplianceReportType, type ComplianceReport, type ComplianceReportStatus } from './report.type';

export const MAX_PERIOD_DAYS = 366;
export const MAX_REPORT_ATTEMPTS = 3;
const LEASE_SECONDS = 300;

/** Compliance reports: requested here, built by the report worker (startWorker). */
export class ReportService {
  constructor(private readonly repo: ReportRepository) {}

  async create(p: Principal, input: CreateComplianceReportInput): Promise<ComplianceReport> {
    const tenantId = auditTenant(p);
    const type = input.type.toUpperCase();
    if (!(type in ComplianceReportType)) throw invalid('type', `type must be one of ${Object.keys(ComplianceReportType).join(', ')}`);
    const start = parseIsoInstant(input.startDate);
    const end = parseIsoInstant(input.endDate);
    if (!start) throw invalid('startDate', 'startDate must be an ISO 8601 date or date-time');
    if (!end) throw invalid('endDate', 'endDate must be an ISO 8601 date or date-time');
    if (end <= start) throw invalid('endDate', 'endDate must be after startDate');
    if (end.getTime() - start.getTime() > MAX_PERIOD_DAYS * 86_400_000) throw invalid('endDate', `the period spans at most ${MAX_PERIOD_DAYS} days`);
    const title = input.title?.trim() || `${type} ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`;
    return toReport(await this.repo.create({ tenantId, type, title, periodStart: start, periodEnd: end, requestedBy: p.subject }));
  }

  async list(p: Principal, args: ComplianceReportListArgs): Promise<Page<ComplianceReport>> {
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list(auditTenant(p), { type: args.type, status: args.status }, skip, take);
    return { data: rows.map((r) => toReport({ ...r, rows: null })), pagination: paginate(args.page, args.size, total) };
  }

  async get(p: Principal, id: string): Promise<ComplianceReport> {
    const row = isUuid(id) ? await this.repo.find(auditTenant(p), id.toLowerCase()) : null;
    if (!row) throw new DomainError(AuditError.COMPLIANCE_REPORT_NOT_FOUND);
    return toReport(row);
  }

  /** Builds one claimed report; returns whether there was one. */
  async runOnce(log: Logger): Promise<boolean> {
    const report = await this.repo.claim(LEASE_SECONDS);
    if (!report) return false;
    try {
      const acc = new ReportAccumulator();
      await this.repo.scan(report, acc);
      await this.repo.complete(report.id, acc.summary(), acc.rows);
    } catch (e) {
      log.warn({ err: e, report: report.id }, 'compliance report failed');
      await this.repo.fail(report.id, (e as Error).message.slice(0, 500), report.attempts >= MAX_REPORT_ATTEMPTS);
    }
    return true;
  }

  /**
   * The report worker: durable (state in the table), safe with replicas (SKIP LOCKED claims). It
   * wakes when a report is queued (the table's insert trigger), when a dead worker's lease runs
   * out, and otherwise every `intervalMs` (the safety net).
   */
  startWorker(changes: WakeChannel, intervalMs: number, log: Logger): PollingLoop {
    const loop = dueWorkLoop({
      peek: () => this.repo.dueInMs(),
      work: () => this.runOnce(log),
      intervalMs,
      log,
      failure: 'compliance report worker failed',
      wake: { channel: changes, on: CHANGE_CHANNELS.complianceReports },
    });
    loop.start();
    return loop;
  }
}

const invalid = (field: string, message: string) => new DomainError(AuditError.COMPLIANCE_REPORT_INVALID, message, { field });

const toReport = (r: ReportRow): ComplianceReport => ({
  id: r.id,
  tenantId: r.tenantId,
  type: r.type as ComplianceReportType,
  title: r.title,
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  status: r.status as ComplianceReportStatus,
  requestedBy: r.requestedBy,
  attempts: r.attempts,
  summary: (r.summary as Record<string, unknown> | null) ?? null,
  rows: (r.rows as unknown[] | null) ?? null,
  error: r.error,
  createdAt: r.createdAt,
  startedAt: r.startedAt,
  completedAt: r.completedAt,
});
