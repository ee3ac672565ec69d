import type { SubgraphModule } from '@dataplat/kit';
import { BudgetService } from '../budgets/budget.service';
import type { BillingCore } from '../core';
import { TenantBillingResolver } from './tenant-billing.resolver';
import { UsageResolver } from './usage.resolver';

/** usage: per-tenant and platform-wide usage and cost, and the tenant billing view. */
export function usageModule(core: BillingCore): SubgraphModule {
  const budgets = new BudgetService(core.budgetRepo, core.accounts, core.usage);
  return { resolvers: [new UsageResolver(core.usage), new TenantBillingResolver(core.accounts, core.plans, core.usage, budgets)] };
}
