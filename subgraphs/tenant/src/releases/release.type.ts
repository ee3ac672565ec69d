import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A chart installed in a tenant namespace (docs/tenant-releases.md). Chart fields and status are those of the latest revision.' })
export class ChartRelease {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field() releaseName: string;
  @Field() namespace: string;
  @Field() chartName: string;
  @Field() chartVersion: string;
  @Field() appVersion: string;
  @Field({ description: 'DEPLOYED, PENDING_INSTALL, PENDING_UPGRADE, PENDING_ROLLBACK, FAILED or UNINSTALLED.' }) status: string;
  @Field(() => Int, { description: 'Latest revision number (1 at install; each upgrade and rollback adds one).' }) revision: number;
  @Field(() => Int, { nullable: true, description: 'The revision running now (null when none is: failed install, uninstalled).' }) deployedRevision: number | null;
  @Field(() => String, { nullable: true, description: 'Chart version of the deployed revision.' }) deployedChartVersion: string | null;
  @Field() description: string;
  @Field(() => String, { nullable: true, description: 'Why the latest revision failed.' }) statusMessage: string | null;
  @Field(() => Int, { description: 'Seconds.' }) timeout: number;
  @Field() atomic: boolean;
  @Field() waitForJobs: boolean;
  @Field(() => Date, { nullable: true }) uninstalledAt: Date | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType({ description: 'One revision of a release (helm history).' })
export class ReleaseRevision {
  @Field(() => Int) revision: number;
  @Field({ description: 'INSTALL, UPGRADE or ROLLBACK.' }) action: string;
  @Field({ description: 'DEPLOYED, PENDING_*, FAILED, SUPERSEDED or UNINSTALLED.' }) status: string;
  @Field() chartName: string;
  @Field() chartVersion: string;
  @Field() appVersion: string;
  @Field(() => GraphQLJSONObject, { description: 'The values given by the caller.' }) valuesOverride: Record<string, unknown>;
  @Field(() => GraphQLJSONObject, { description: 'Chart defaults deep-merged with valuesOverride.' }) values: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: 'sha256 of the rendered manifest (null unless deployed).' }) manifestHash: string | null;
  @Field() description: string;
  @Field(() => String, { nullable: true }) statusMessage: string | null;
  @Field(() => Int, { nullable: true, description: 'ROLLBACK: the revision copied.' }) rollbackTo: number | null;
  @Field(() => Date, { nullable: true }) deployedAt: Date | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType({ description: 'Release counts across the platform.' })
export class ReleaseSummary {
  @Field(() => Int, { description: 'All release records, uninstalled included.' }) total: number;
  @Field(() => Int, { description: 'Releases not uninstalled.' }) live: number;
  @Field(() => GraphQLJSONObject, { description: 'Status -> count (all releases).' }) byStatus: Record<string, number>;
  @Field(() => GraphQLJSONObject, { description: 'Chart name -> count of live releases.' }) byChart: Record<string, number>;
  @Field(() => GraphQLJSONObject, { description: 'Tenant id -> count of live releases.' }) byTenant: Record<string, number>;
}

@ObjectType({ description: 'A release a batch upgrade could not upgrade.' })
export class BatchUpgradeFailure {
  @Field(() => ID) releaseId: string;
  @Field(() => ID) tenantId: string;
  @Field() releaseName: string;
  @Field({ description: 'The chart version it runs (or last tried).' }) fromVersion: string;
  @Field({ description: 'Release status after the attempt.' }) status: string;
  @Field() message: string;
}

@ObjectType({ description: 'Outcome of a batch upgrade: releases are upgraded one after another; a failure does not stop the others.' })
export class BatchUpgradeResult {
  @Field() chartName: string;
  @Field() targetVersion: string;
  @Field(() => [ChartRelease]) upgraded: ChartRelease[];
  @Field(() => [BatchUpgradeFailure]) failed: BatchUpgradeFailure[];
}
