import type { TenantCore, TenantModule } from '../core';
import { LocalDeployer, type Deployer } from './deployer';
import { ReleaseFleetService } from './release-fleet.service';
import { ReleaseRepository } from './release.repository';
import { ReleaseResolver } from './release.resolver';
import { ReleaseService } from './release.service';

/** releases: chart catalogue, releases and revisions with Helm semantics (docs/tenant-releases.md). */
export function releasesModule(core: TenantCore, deployer: Deployer = new LocalDeployer()): TenantModule {
  const repo = new ReleaseRepository(core.db);
  const releases = new ReleaseService(repo, core.tenants, deployer);
  return { resolvers: [new ReleaseResolver(releases, new ReleaseFleetService(repo, releases))] };
}
