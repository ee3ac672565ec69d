import { GraphQLJSON } from 'graphql-scalars';
import { IsOptional, IsString, Length } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';

@InputType({ description: 'Install request (spec 2 "Chart release").' })
export class InstallReleaseInput {
  @Field(() => ID) @IsString() tenantId: string;
  @Field({ description: 'DNS-1123 label, at most 53 characters.' }) @IsString() @Length(1, 200) releaseName: string;
  @Field({ description: 'DNS-1123 label, at most 63 characters.' }) @IsString() @Length(1, 200) namespace: string;
  @Field() @IsString() @Length(1, 200) chartName: string;
  @Field({ description: 'A version of the chart in the catalogue.' }) @IsString() @Length(1, 100) chartVersion: string;
  @Field({ nullable: true, description: 'Must be the chart version\'s appVersion when given.' }) @IsOptional() @IsString() @Length(1, 100) appVersion?: string;
  @Field(() => GraphQLJSON, { nullable: true, description: 'An object (checked by the service: 400 otherwise), deep-merged over the chart\'s default values.' }) valuesOverride?: unknown;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(0, 1000) description?: string;
  @Field(() => Int, { nullable: true, description: 'Seconds, 1..3600 (default 300).' }) timeout?: number;
  @Field({ nullable: true, description: 'A failed install is removed (default false).' }) atomic?: boolean;
  @Field({ nullable: true }) waitForJobs?: boolean;
}

@InputType({ description: 'Upgrade request (spec 2 "Chart release").' })
export class UpgradeReleaseInput {
  @Field({ nullable: true, description: 'Default: the release\'s chart version.' }) @IsOptional() @IsString() @Length(1, 100) chartVersion?: string;
  @Field({ nullable: true, description: 'Must be the chart version\'s appVersion when given.' }) @IsOptional() @IsString() @Length(1, 100) appVersion?: string;
  @Field(() => GraphQLJSON, { nullable: true, description: 'An object, deep-merged over the chart\'s defaults; omitted: the deployed revision\'s override is reused.' }) valuesOverride?: unknown;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(0, 1000) description?: string;
}

@InputType({ description: 'Rollback request (spec 2 "Chart release").' })
export class RollbackReleaseInput {
  @Field(() => Int) targetRevision: number;
}
