import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'One step of a migration (docs/tenant-migrations.md "Steps").' })
export class TenantMigrationStep {
  @Field(() => ID) id: string;
  @Field(() => Int) ordinal: number;
  @Field({ description: 'BACKUP, COPY_DATA, COPY_CONFIG, COPY_SECRETS, TRAFFIC_SHIFT or CUTOVER.' }) kind: string;
  @Field() name: string;
  @Field(() => Int, { nullable: true, description: 'TRAFFIC_SHIFT: percent of traffic on the target region after the step.' }) trafficPercent: number | null;
  @Field({ description: 'PENDING, RUNNING, COMPLETED, FAILED, ROLLING_BACK or ROLLED_BACK.' }) status: string;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'What the step did (tables, row counts, sizes, percentages, regions).' }) output: Record<string, unknown> | null;
  @Field(() => Date, { nullable: true }) startedAt: Date | null;
  @Field(() => Date, { nullable: true }) completedAt: Date | null;
  @Field(() => Int, { nullable: true }) durationMs: number | null;
  @Field(() => Date, { nullable: true }) rolledBackAt: Date | null;
}

@ObjectType({ description: 'A region migration of a tenant (docs/tenant-migrations.md "Record").' })
export class TenantMigration {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field() migrationName: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field() migrationType: string;
  @Field() sourceRegion: string;
  @Field() targetRegion: string;
  @Field() migrateData: boolean;
  @Field() migrateConfig: boolean;
  @Field() migrateSecrets: boolean;
  @Field() backupBeforeMigration: boolean;
  @Field() rollbackEnabled: boolean;
  @Field() autoRollbackOnFailure: boolean;
  @Field() trafficStrategy: string;
  @Field(() => Int) trafficShiftStep: number;
  @Field(() => Int) maxDowntimeMinutes: number;
  @Field({ description: 'PENDING, APPROVED, IN_PROGRESS, COMPLETED, FAILED, CANCELLED, ROLLING_BACK or ROLLED_BACK.' }) status: string;
  @Field(() => Int) progressPercent: number;
  @Field(() => String, { nullable: true }) currentStep: string | null;
  @Field(() => Int, { description: 'Percent of the tenant\'s traffic served from the target region.' }) trafficPercent: number;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => String, { nullable: true }) createdBy: string | null;
  @Field(() => String, { nullable: true }) approvedBy: string | null;
  @Field(() => Date, { nullable: true }) approvedAt: Date | null;
  @Field(() => String, { nullable: true }) startedBy: string | null;
  @Field(() => Date, { nullable: true }) startedAt: Date | null;
  @Field(() => Date, { nullable: true }) completedAt: Date | null;
  @Field(() => Date, { nullable: true }) failedAt: Date | null;
  @Field(() => String, { nullable: true }) cancelledBy: string | null;
  @Field(() => Date, { nullable: true }) cancelledAt: Date | null;
  @Field(() => String, { nullable: true }) rollbackRequestedBy: string | null;
  @Field(() => Date, { nullable: true }) rollbackStartedAt: Date | null;
  @Field(() => Date, { nullable: true }) rolledBackAt: Date | null;
  @Field(() => Int, { nullable: true, description: 'startedAt to completedAt of a COMPLETED migration.' }) durationMs: number | null;
  @Field(() => Int, { nullable: true, description: 'Duration of the cutover step.' }) downtimeMs: number | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
  @Field(() => [TenantMigrationStep]) steps: TenantMigrationStep[];
}

@ObjectType()
export class TenantMigrationPage extends Paginated(TenantMigration, 'TenantMigrationPage') {}

@ObjectType({ description: 'A region a tenant can live in.' })
export class MigrationRegion {
  @Field() code: string;
  @Field() displayName: string;
  @Field({ description: 'NORTH_AMERICA, EUROPE or ASIA_PACIFIC.' }) area: string;
  @Field({ description: 'False: no migration into it is accepted.' }) available: boolean;
  @Field({ description: 'The tenant lives in this region now.' }) current: boolean;
}

@ObjectType({ description: 'Resources a migration needs while it runs.' })
export class MigrationResources {
  @Field(() => Int) cpuMillicores: number;
  @Field(() => Int) memoryMiB: number;
  @Field(() => Float, { description: 'Target copy plus backup.' }) storageBytes: number;
  @Field(() => Int) networkMbps: number;
}

@ObjectType({ description: 'Estimate of a migration to `targetRegion` from the tenant\'s measured data (docs/tenant-migrations.md "Estimate").' })
export class MigrationEstimate {
  @Field(() => ID) tenantId: string;
  @Field() sourceRegion: string;
  @Field() targetRegion: string;
  @Field(() => Float, { description: 'Bytes of the tenant schema (pg_total_relation_size of its tables).' }) dataTransferSizeBytes: number;
  @Field(() => Int) tables: number;
  @Field(() => Float) rows: number;
  @Field(() => Int) configItems: number;
  @Field(() => Int) secrets: number;
  @Field(() => Int) estimatedDurationSeconds: number;
  @Field(() => Int) estimatedDurationMinutes: number;
  @Field(() => Int) backupSeconds: number;
  @Field(() => Int) copySeconds: number;
  @Field(() => Int) trafficShiftSeconds: number;
  @Field(() => Int) trafficShifts: number;
  @Field(() => Int, { description: 'Expected downtime (cutover plus final sync).' }) downtimeWindowSeconds: number;
  @Field(() => Int) downtimeWindowMinutes: number;
  @Field(() => MigrationResources) resourceRequirements: MigrationResources;
  @Field({ description: 'The transfer-rate model the numbers come from.' }) model: string;
}

@ObjectType({ description: 'Count of migrations in one status.' })
export class MigrationStatusCount {
  @Field() status: string;
  @Field(() => Int) count: number;
}

@ObjectType({ description: 'Platform-wide migration statistics.' })
export class MigrationStats {
  @Field(() => Int) total: number;
  @Field(() => [MigrationStatusCount], { description: 'Every status, 0 included.' }) byStatus: MigrationStatusCount[];
  @Field(() => Float, { nullable: true, description: 'COMPLETED / (COMPLETED + FAILED + ROLLED_BACK) in percent; null before any finished.' }) successRate: number | null;
  @Field(() => Int, { nullable: true, description: 'Mean durationMs of COMPLETED migrations.' }) averageDurationMs: number | null;
  @Field(() => Float, { nullable: true }) averageDurationSeconds: number | null;
  @Field(() => Int, { description: 'PENDING, APPROVED, IN_PROGRESS or ROLLING_BACK.' }) activeCount: number;
}
