import type { AuditCore, AuditModule } from '../core';
import { RetentionRepository } from './retention.repository';
import { RetentionResolver } from './retention.resolver';
import { RetentionService } from './retention.service';

/** retention: policies per category and the purge (docs/audit-service.md "Retention"). */
export function retentionModule(core: AuditCore, service = new RetentionService(new RetentionRepository(core.db))): AuditModule & { service: RetentionService } {
  return { resolvers: [new RetentionResolver(service)], service };
}
