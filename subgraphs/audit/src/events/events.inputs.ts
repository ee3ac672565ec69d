import { IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';

/** Filters shared by the list and the export. Dates are ISO 8601 text (400 when not). */
@ArgsType()
export class AuditEventFilterArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Exact action, e.g. createUser.' }) @IsOptional() @IsString() @MaxLength(100) action?: string;
  @Field(() => String, { nullable: true, description: 'From this instant (inclusive), ISO 8601.' }) @IsOptional() @IsString() @MaxLength(40) startDate?: string;
  @Field(() => String, { nullable: true, description: 'Before this instant (exclusive), ISO 8601.' }) @IsOptional() @IsString() @MaxLength(40) endDate?: string;
  @Field(() => String, { nullable: true, description: 'The actor (user id or service name).' }) @IsOptional() @IsString() @MaxLength(200) userId?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @IsString() @MaxLength(100) resourceType?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @IsString() @MaxLength(200) resourceId?: string;
  @Field(() => String, { nullable: true, description: 'SUCCESS or FAILURE.' }) @IsOptional() @IsString() outcome?: string;
  @Field(() => String, { nullable: true, description: 'AUTHENTICATION, ACCESS_CONTROL or CHANGE.' }) @IsOptional() @IsString() category?: string;
}

@ArgsType()
export class AuditEventExportArgs extends AuditEventFilterArgs {
  @Field(() => String, { defaultValue: 'csv', description: 'csv or json.' }) @IsString() format: string = 'csv';
  @Field(() => String, { nullable: true, description: 'nextCursor of the page before.' }) @IsOptional() @Matches(/^\d{1,18}$/) after?: string;
  @Field(() => Int, { defaultValue: 1000 }) @Min(1) @Max(5000) limit: number = 1000;
}

export const OUTCOMES = ['SUCCESS', 'FAILURE'];
export const CATEGORIES = ['AUTHENTICATION', 'ACCESS_CONTROL', 'CHANGE'];
