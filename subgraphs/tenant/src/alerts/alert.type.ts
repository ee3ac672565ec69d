import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'An alert raised by the quota system or by an alert rule.' })
export class Alert {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field(() => ID, { nullable: true, description: 'The rule that raised it (null for quota alerts).' }) ruleId: string | null;
  @Field({ description: 'QUOTA_SOFT_LIMIT, QUOTA_HARD_LIMIT, QUOTA_REFUSED or RULE.' }) source: string;
  @Field() resourceType: string;
  @Field({ description: 'INFO, WARNING or CRITICAL.' }) severity: string;
  @Field({ description: 'ACTIVE, ACKNOWLEDGED, SUPPRESSED or RESOLVED.' }) status: string;
  @Field() message: string;
  @Field(() => Float, { description: 'The measured value that raised it (usage, or utilization percent for rules).' }) currentValue: number;
  @Field(() => Float) threshold: number;
  @Field(() => ID, { nullable: true }) acknowledgedBy: string | null;
  @Field(() => Date, { nullable: true }) acknowledgedAt: Date | null;
  @Field(() => Date, { nullable: true }) suppressedAt: Date | null;
  @Field(() => ID, { nullable: true }) resolvedBy: string | null;
  @Field(() => Date, { nullable: true }) resolvedAt: Date | null;
  @Field(() => String, { nullable: true, description: 'MANUAL, AUTOMATIC or TIMEOUT.' }) resolutionType: string | null;
  @Field(() => String, { nullable: true }) resolutionNotes: string | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType()
export class AlertPage extends Paginated(Alert, 'AlertPage') {}

@ObjectType()
export class AlertCount {
  @Field() key: string;
  @Field(() => Int) count: number;
}

@ObjectType({ description: 'Counts of a tenant\'s alerts by status, severity and resource type.' })
export class AlertSummary {
  @Field(() => ID) tenantId: string;
  @Field(() => Int) total: number;
  @Field(() => Int, { description: 'ACTIVE alerts.' }) active: number;
  @Field(() => Int, { description: 'Alerts not yet resolved (ACTIVE, ACKNOWLEDGED, SUPPRESSED).' }) open: number;
  @Field(() => [AlertCount]) byStatus: AlertCount[];
  @Field(() => [AlertCount]) bySeverity: AlertCount[];
  @Field(() => [AlertCount]) byResourceType: AlertCount[];
}

@ObjectType({ description: 'A tenant\'s alert rule (spec 2 "AlertRule").' })
export class AlertRuleType {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field() ruleName: string;
  @Field() resourceType: string;
  @Field({ description: 'Compares the peak utilization percent of the resource over evaluationPeriod with threshold.' }) condition: string;
  @Field(() => Float) threshold: number;
  @Field() severity: string;
  @Field() evaluationPeriod: string;
  @Field(() => [String]) notificationChannels: string[];
  @Field() enabled: boolean;
  @Field(() => Date, { nullable: true }) lastEvaluatedAt: Date | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}
