import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Where provisioning stands (spec 2 "Provisioning status (detailed)", `progress`).' })
export class ProvisioningProgress {
  @Field({ description: 'IN_PROGRESS, ROLLING_BACK, COMPLETED, FAILED or ROLLED_BACK.' }) status: string;
  @Field(() => Int) percentComplete: number;
  @Field(() => String, { nullable: true, description: 'INFRASTRUCTURE, DATA_PLANE, NETWORKING or VERIFICATION.' }) currentPhase: string | null;
  @Field(() => String, { nullable: true }) currentStep: string | null;
}

@ObjectType({ description: 'The provisioning status of a tenant.' })
export class ProvisioningStatus {
  @Field(() => ID) tenantId: string;
  @Field(() => ID) jobId: string;
  @Field({ description: 'Last operation asked for: PROVISION, RETRY, ROLLBACK or REPROVISION.' }) operation: string;
  @Field({ description: 'IN_PROGRESS, ROLLING_BACK, COMPLETED, FAILED or ROLLED_BACK.' }) status: string;
  @Field({ description: 'The tenant\'s lifecycle status (docs/tenant-lifecycle.md).' }) tenantStatus: string;
  @Field(() => Int) percentComplete: number;
  @Field(() => String, { nullable: true }) currentPhase: string | null;
  @Field(() => String, { nullable: true }) currentStep: string | null;
  @Field(() => String, { nullable: true, description: 'Why the job failed.' }) error: string | null;
  @Field(() => Date, { nullable: true }) startedAt: Date | null;
  @Field(() => Date, { nullable: true }) finishedAt: Date | null;
  @Field() updatedAt: Date;
}

@ObjectType()
export class ProvisioningPhase {
  @Field() name: string;
  @Field({ description: 'PENDING, IN_PROGRESS, COMPLETED, FAILED, ROLLING_BACK or ROLLED_BACK.' }) status: string;
  @Field(() => Int) steps: number;
  @Field(() => Int) completedSteps: number;
  @Field(() => Date, { nullable: true }) startedAt: Date | null;
  @Field(() => Date, { nullable: true }) completedAt: Date | null;
  @Field(() => Int, { nullable: true, description: 'Sum of the durations of its completed steps.' }) durationMs: number | null;
}

@ObjectType()
export class ProvisioningStepRecord {
  @Field(() => ID) id: string;
  @Field(() => Int) ordinal: number;
  @Field() phase: string;
  @Field() name: string;
  @Field({ description: 'PENDING, RUNNING, COMPLETED, FAILED, ROLLING_BACK or ROLLED_BACK.' }) status: string;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => String, { nullable: true, description: 'What the step made (JSON), used by rollback.' }) output: string | null;
  @Field(() => Date, { nullable: true }) startedAt: Date | null;
  @Field(() => Date, { nullable: true }) completedAt: Date | null;
  @Field(() => Int, { nullable: true }) durationMs: number | null;
  @Field(() => Date, { nullable: true }) rolledBackAt: Date | null;
}

@ObjectType()
export class ProvisioningEventRecord {
  @Field(() => ID) id: string;
  @Field() type: string;
  @Field(() => String, { nullable: true }) phase: string | null;
  @Field(() => String, { nullable: true }) step: string | null;
  @Field() message: string;
  @Field() at: Date;
}

@ObjectType({ description: 'Timeline and durations.' })
export class ProvisioningTimeline {
  @Field(() => Date, { nullable: true }) startedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'Now plus the mean duration of each remaining step over past runs; the finish time once finished.' }) estimatedCompletionAt: Date | null;
  @Field(() => Date, { nullable: true }) completedAt: Date | null;
  @Field(() => Int) elapsedSeconds: number;
  @Field(() => [ProvisioningStepRecord], { description: 'Steps in order, with their start, end and duration.' }) steps: ProvisioningStepRecord[];
}

@ObjectType({ description: 'Detailed provisioning status (spec 2 "Provisioning status (detailed)").' })
export class ProvisioningDetailedStatus {
  @Field(() => ID) tenantId: string;
  @Field(() => ID) jobId: string;
  @Field() operation: string;
  @Field(() => ProvisioningProgress) progress: ProvisioningProgress;
  @Field(() => [ProvisioningPhase]) phases: ProvisioningPhase[];
  @Field(() => ProvisioningTimeline) timeline: ProvisioningTimeline;
  @Field(() => [ProvisioningEventRecord], { description: 'The 20 most recent events, most recent first.' }) recentEvents: ProvisioningEventRecord[];
}
