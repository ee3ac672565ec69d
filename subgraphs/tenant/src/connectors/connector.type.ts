import { Paginated } from '@dataplat/kit';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A data-source connector of a tenant. Secret fields are never returned: `config` holds "********" for each secret that is set.' })
export class Connector {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field() name: string;
  @Field({ description: 'A connector type of the marketplace catalogue (postgresql, mysql, s3, ...).' }) type: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => GraphQLJSONObject, { description: 'Configuration of the type; secrets masked.' }) config: Record<string, unknown>;
  @Field(() => [String], { description: 'Secret fields that are set (sealed at rest).' }) secretFields: string[];
  @Field({ description: 'UNTESTED, HEALTHY (last test succeeded) or UNHEALTHY (last test failed).' }) health: string;
  @Field(() => Date, { nullable: true }) lastTestedAt: Date | null;
  @Field(() => Date, { nullable: true }) lastSyncedAt: Date | null;
  @Field(() => Int, { nullable: true, description: 'Tables found by the last metadata sync.' }) tableCount: number | null;
  @Field(() => String, { nullable: true }) createdBy: string | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType({ description: 'A connector with the tables and columns read by its last metadata sync.' })
export class ConnectorDetail extends Connector {
  @Field(() => GraphQLJSONObject, { nullable: true, description: '{syncedAt, truncated, tables: [{schema, name, type, columns: [{name, dataType, nullable, position}]}]}' })
  metadata: Record<string, unknown> | null;
}

@ObjectType({ description: 'A connection test or metadata sync of a connector.' })
export class ConnectorJob {
  @Field(() => ID) id: string;
  @Field(() => ID) connectorId: string;
  @Field({ description: 'TEST or SYNC.' }) kind: string;
  @Field({ description: 'QUEUED, RUNNING, SUCCEEDED or FAILED.' }) status: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'TEST: check, latency; SYNC: tables and columns read.' }) result: Record<string, unknown> | null;
  @Field(() => String, { nullable: true, description: 'Why the job FAILED (e.g. the target is unreachable).' }) error: string | null;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) requestedBy: string | null;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) startedAt: Date | null;
  @Field(() => Date, { nullable: true }) finishedAt: Date | null;
  @Field(() => Int, { nullable: true, description: 'finishedAt - startedAt.' }) durationMs: number | null;
}

@ObjectType({ description: 'Health of a connector and its latest test and sync jobs (or one job when asked by id).' })
export class ConnectorStatus {
  @Field(() => ID) connectorId: string;
  @Field() health: string;
  @Field(() => Date, { nullable: true }) lastTestedAt: Date | null;
  @Field(() => Date, { nullable: true }) lastSyncedAt: Date | null;
  @Field(() => ConnectorJob, { nullable: true }) lastTest: ConnectorJob | null;
  @Field(() => ConnectorJob, { nullable: true }) lastSync: ConnectorJob | null;
  @Field(() => ConnectorJob, { nullable: true, description: 'The job asked for with jobId.' }) job: ConnectorJob | null;
}

@ObjectType()
export class ConnectorPage extends Paginated(Connector, 'ConnectorPage') {}
