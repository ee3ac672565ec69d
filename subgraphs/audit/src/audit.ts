import type { PrismaClient } from '@dataplat/db';
import { buildModularSchema, type PlatformConfig } from '@dataplat/kit';
import type { GraphQLSchema } from 'graphql';
import type { AuditCore, UserLookup } from './core';
import { eventsModule } from './events/events.module';
import { reportModule } from './reports/report.module';
import { retentionModule } from './retention/retention.module';
import type { ReportService } from './reports/report.service';
import type { RetentionService } from './retention/retention.service';

export interface AuditDeps {
  db: PrismaClient;
  config: PlatformConfig;
  users?: UserLookup;
}

export interface AuditSubgraph {
  schema: GraphQLSchema;
  reports: ReportService;
  retention: RetentionService;
}

/** Wires the modules on one shared core and builds the audit subgraph schema. */
export async function buildAuditSubgraph({ db, config, users }: AuditDeps): Promise<AuditSubgraph> {
  const core: AuditCore = { db, config, users };
  const reports = reportModule(core);
  const retention = retentionModule(core);
  const modules = [eventsModule(core), reports, retention];
  const schema = await buildModularSchema(modules);
  return { schema, reports: reports.service, retention: retention.service };
}
