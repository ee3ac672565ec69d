import type { TenantCore, TenantModule } from '../core';
import { AttributionRepository } from './attribution.repository';
import { AttributionService } from './attribution.service';
import { CostAttributionResolver } from './cost-attribution.resolver';
import { CostDashboardResolver } from './cost-dashboard.resolver';
import { CostFeedRepository } from './cost-feed.repository';
import { CostFeedResolver } from './cost-feed.resolver';
import { CostFeedService } from './cost-feed.service';
import { DashboardService } from './dashboard.service';

/** costs: cost attribution on shared clusters and cost dashboards (docs/tenant-costs.md). */
export function costsModule(core: TenantCore): TenantModule {
  const feed = new CostFeedRepository(core.db);
  const attributions = new AttributionRepository(core.db);
  return {
    resolvers: [
      new CostFeedResolver(new CostFeedService(feed, core.tenants)),
      new CostAttributionResolver(new AttributionService(attributions, feed, core.tenants)),
      new CostDashboardResolver(new DashboardService(attributions, feed, core.tenants)),
    ],
  };
}
