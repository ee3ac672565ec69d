import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';
import { MIGRATION_STATUSES } from './migration-lifecycle';

@ArgsType()
export class MigrationListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only migrations in this status.' }) @IsOptional() @IsIn(MIGRATION_STATUSES) status?: string;
}

/**
 * Migration create request (spec 2 "Migration"). Regions, type, strategy and the shift step are
 * checked by the service (400 DPF-TEN-061 with `details.field`); defaults in docs/tenant-migrations.md.
 */
@InputType()
export class CreateMigrationInput {
  @Field() @IsString() @Length(1, 200) migrationName: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @Field({ nullable: true, description: 'REGION (default).' }) @IsOptional() @IsString() migrationType?: string;
  @Field({ description: 'Must be the tenant\'s current region.' }) @IsString() sourceRegion: string;
  @Field({ description: 'A known, available region other than the source (GET .../migrations/regions).' }) @IsString() targetRegion: string;
  @Field({ nullable: true, description: 'Default true.' }) @IsOptional() @IsBoolean() migrateData?: boolean;
  @Field({ nullable: true, description: 'Default true.' }) @IsOptional() @IsBoolean() migrateConfig?: boolean;
  @Field({ nullable: true, description: 'Default true.' }) @IsOptional() @IsBoolean() migrateSecrets?: boolean;
  @Field({ nullable: true, description: 'Default true.' }) @IsOptional() @IsBoolean() backupBeforeMigration?: boolean;
  @Field({ nullable: true, description: 'Default true.' }) @IsOptional() @IsBoolean() rollbackEnabled?: boolean;
  @Field({ nullable: true, description: 'Default false.' }) @IsOptional() @IsBoolean() autoRollbackOnFailure?: boolean;
  @Field({ nullable: true, description: 'GRADUAL (default) or IMMEDIATE.' }) @IsOptional() @IsString() trafficStrategy?: string;
  @Field(() => Int, { nullable: true, description: 'Percent per shift, dividing 100 (default 10; 100 for IMMEDIATE).' }) @IsOptional() @IsInt() trafficShiftStep?: number;
  @Field(() => Int, { nullable: true, description: 'At least 0 (default 30).' }) @IsOptional() @IsInt() @Min(0) maxDowntimeMinutes?: number;
}
