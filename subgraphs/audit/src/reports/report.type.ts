import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Paginated } from '@dataplat/kit';

export enum ComplianceReportType {
  ACCESS_CHANGES = 'ACCESS_CHANGES',
  PRIVILEGED_ACTIONS = 'PRIVILEGED_ACTIONS',
  FAILED_LOGINS = 'FAILED_LOGINS',
  ALL_ACTIVITY = 'ALL_ACTIVITY',
}
registerEnumType(ComplianceReportType, { name: 'ComplianceReportType' });

export enum ComplianceReportStatus {
  QUEUED = 'QUEUED',
  RUNNING = 'RUNNING',
  COMPLETED = 'COMPLETED',
  FAILED = 'FAILED',
}
registerEnumType(ComplianceReportStatus, { name: 'ComplianceReportStatus' });

@ObjectType({ description: 'A compliance report over a period of the audit log, built by the report worker (docs/audit-service.md "Compliance reports").' })
export class ComplianceReport {
  @Field(() => ID) id: string;
  @Field() tenantId: string;
  @Field(() => ComplianceReportType) type: ComplianceReportType;
  @Field() title: string;
  @Field() periodStart: Date;
  @Field() periodEnd: Date;
  @Field(() => ComplianceReportStatus) status: ComplianceReportStatus;
  @Field(() => String, { nullable: true }) requestedBy: string | null;
  @Field(() => Int) attempts: number;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Counts: totalEvents, byAction, byActor, byOutcome, byResourceType; rowsTruncated.' }) summary: Record<string, unknown> | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'The matching events (at most 5000), oldest first; only on GET of one report.' }) rows: unknown[] | null;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) startedAt: Date | null;
  @Field(() => Date, { nullable: true }) completedAt: Date | null;
}

@ObjectType()
export class ComplianceReportPage extends Paginated(ComplianceReport, 'ComplianceReportPage') {}
