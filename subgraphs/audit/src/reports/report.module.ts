import type { AuditCore, AuditModule } from '../core';
import { ReportRepository } from './report.repository';
import { ReportResolver } from './report.resolver';
import { ReportService } from './report.service';

/** reports: compliance report jobs and their worker (docs/audit-service.md "Compliance reports"). */
export function reportModule(core: AuditCore, service = new ReportService(new ReportRepository(core.db))): AuditModule & { service: ReportService } {
  return { resolvers: [new ReportResolver(service)], service };
}
