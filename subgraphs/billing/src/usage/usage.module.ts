import type { SubgraphModule } from '@dataplat/kit';
import { BudgetService } from '../budgets/budget.service';
import type { BillingCore } from '../core';
import { TenantBillingResolver, TenantEntity, TenantEntityResolver, tenantReference } from './tenant-billing.resolver';
import { TenantBillingService } from './tenant-billing.service';
import { UsageResolver } from './usage.resolver';

/** usage: per-tenant and platform-wide usage and cost, the tenant billing view and `Tenant.billing`. */
export function usageModule(core: BillingCore): SubgraphModule {
  const view = new TenantBillingService(core.accounts, core.plans, core.usage, new BudgetService(core.budgetRepo, core.accounts, core.usage));
  return {
    resolvers: [new UsageResolver(core.usage), new TenantBillingResolver(view), new TenantEntityResolver(view)],
    references: tenantReference,
    types: [TenantEntity],
  };
}
