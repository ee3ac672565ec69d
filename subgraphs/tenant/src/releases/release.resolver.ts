import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import type { ReleaseFleetService } from './release-fleet.service';
import { InstallReleaseInput, RollbackReleaseInput, UpgradeReleaseInput } from './release.inputs';
import type { ReleaseService } from './release.service';
import { BatchUpgradeResult, ChartRelease, ReleaseRevision, ReleaseSummary } from './release.type';
import { RELEASES_READ, RELEASES_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/**
 * Chart releases of spec 2: a tenant's administrators manage its releases; platform
 * administrators any release and the platform-wide views (docs/tenant-releases.md "Roles").
 */
@Resolver(() => ChartRelease)
export class ReleaseResolver {
  constructor(
    private readonly releases: ReleaseService,
    private readonly fleet: ReleaseFleetService,
  ) {}

  @Authorized(ADMIN, PLATFORM_ADMIN, RELEASES_WRITE)
  @Mutation(() => ChartRelease, { description: 'Installs a chart version as a release (revision 1).' })
  installRelease(@Arg('input') input: InstallReleaseInput, @Ctx() ctx: RequestContext): Promise<ChartRelease> {
    return this.releases.install(requirePrincipal(ctx), input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, RELEASES_READ)
  @Query(() => ChartRelease, { description: 'One release.' })
  release(@Arg('releaseId', () => ID) releaseId: string, @Ctx() ctx: RequestContext): Promise<ChartRelease> {
    return this.releases.get(requirePrincipal(ctx), releaseId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, RELEASES_READ)
  @Query(() => [ChartRelease], { description: 'Releases of a tenant (uninstalled ones included), newest first; optional status filter.' })
  tenantReleases(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('status', () => String, { nullable: true }) status: string | undefined,
    @Ctx() ctx: RequestContext,
  ): Promise<ChartRelease[]> {
    return this.releases.listByTenant(requirePrincipal(ctx), tenantId, status ?? undefined);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, RELEASES_WRITE)
  @Mutation(() => ChartRelease, { description: 'Upgrades to a new revision: PENDING_UPGRADE, then DEPLOYED or FAILED (the previous revision stays deployed).' })
  upgradeRelease(@Arg('releaseId', () => ID) releaseId: string, @Arg('input') input: UpgradeReleaseInput, @Ctx() ctx: RequestContext): Promise<ChartRelease> {
    return this.releases.upgrade(requirePrincipal(ctx), releaseId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, RELEASES_WRITE)
  @Mutation(() => ChartRelease, { description: 'Rolls back: a new revision copying the target revision\'s chart version and values.' })
  rollbackRelease(@Arg('releaseId', () => ID) releaseId: string, @Arg('input') input: RollbackReleaseInput, @Ctx() ctx: RequestContext): Promise<ChartRelease> {
    return this.releases.rollback(requirePrincipal(ctx), releaseId, input.targetRevision);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, RELEASES_WRITE)
  @Mutation(() => ChartRelease, { description: 'Rolls back to the latest DEPLOYED or SUPERSEDED revision before the current one.' })
  rollbackReleaseToLastSuccessful(@Arg('releaseId', () => ID) releaseId: string, @Ctx() ctx: RequestContext): Promise<ChartRelease> {
    return this.releases.rollbackToLastSuccessful(requirePrincipal(ctx), releaseId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, RELEASES_WRITE)
  @Mutation(() => ChartRelease, { description: 'Uninstalls (status UNINSTALLED, history kept; the name can be installed again).' })
  uninstallRelease(@Arg('releaseId', () => ID) releaseId: string, @Ctx() ctx: RequestContext): Promise<ChartRelease> {
    return this.releases.uninstall(requirePrincipal(ctx), releaseId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, RELEASES_READ)
  @Query(() => [ReleaseRevision], { description: 'Every revision of the release, oldest first.' })
  releaseHistory(@Arg('releaseId', () => ID) releaseId: string, @Ctx() ctx: RequestContext): Promise<ReleaseRevision[]> {
    return this.releases.history(requirePrincipal(ctx), releaseId) as Promise<ReleaseRevision[]>;
  }

  @Authorized(PLATFORM_ADMIN)
  @Query(() => ReleaseSummary, { description: 'Release counts by status, chart and tenant.' })
  releaseSummary(): Promise<ReleaseSummary> {
    return this.fleet.summary();
  }

  @Authorized(PLATFORM_ADMIN)
  @Query(() => GraphQLJSONObject, { description: 'Running chart version -> count of live releases, ascending semver order.' })
  chartVersionDistribution(@Arg('chartName') chartName: string): Promise<Record<string, number>> {
    return this.fleet.versionDistribution(chartName);
  }

  @Authorized(PLATFORM_ADMIN)
  @Query(() => [ChartRelease], { description: 'Live releases of the chart running a version older (semver) than targetVersion.' })
  releasesNeedingUpgrade(@Arg('chartName') chartName: string, @Arg('targetVersion') targetVersion: string): Promise<ChartRelease[]> {
    return this.fleet.needsUpgrade(chartName, targetVersion);
  }

  @Authorized(PLATFORM_ADMIN)
  @Mutation(() => BatchUpgradeResult, { description: 'Upgrades every release needing it to targetVersion, one after another; failures do not stop the others.' })
  batchUpgradeReleases(@Arg('chartName') chartName: string, @Arg('targetVersion') targetVersion: string): Promise<BatchUpgradeResult> {
    return this.fleet.batchUpgrade(chartName, targetVersion);
  }
}
