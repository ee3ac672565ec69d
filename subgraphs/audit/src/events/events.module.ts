import type { AuditCore, AuditModule } from '../core';
import { EventRepository } from './events.repository';
import { EventResolver } from './events.resolver';
import { EventService } from './events.service';

/** events: queries of the audit log, export pages, chain verification (docs/audit-service.md). */
export function eventsModule(core: AuditCore): AuditModule {
  return { resolvers: [new EventResolver(new EventService(new EventRepository(core.db), core.db, core.users))] };
}
