import { Arg, Authorized, Ctx, ID, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import type { AccountService } from '../accounts/account.service';
import { scopedTenantId } from '../accounts/billing-scope';
import { BILLING_READ } from '../budgets/budget.resolver';
import type { BudgetService } from '../budgets/budget.service';
import { toSafe } from '../money/decimal';
import { periodOrCurrent } from '../money/period';
import type { PlanService } from '../plans/plan.service';
import type { UsageService } from './usage.service';
import { TenantBilling } from './tenant-billing.type';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/** The tenant service's billing view, served by billing (one source of truth). */
@Resolver(() => TenantBilling)
export class TenantBillingResolver {
  constructor(
    private readonly accounts: AccountService,
    private readonly plans: PlanService,
    private readonly usage: UsageService,
    private readonly budgets: BudgetService,
  ) {}

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => TenantBilling, { description: 'Plan, current period, running total and budget status of a tenant.' })
  async tenantBilling(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<TenantBilling> {
    const id = scopedTenantId(requirePrincipal(ctx), tenantId);
    const account = await this.accounts.ensure(id, true);
    const p = periodOrCurrent(null);
    const charges = await this.usage.charges(id, p.period);
    const row = await this.budgets.find(id);
    const budget = row ? await this.budgets.present(row) : null;
    return {
      tenantId: id, plan: await this.plans.get(account.planId), period: p.period, periodStart: p.start, periodEnd: p.end, currency: charges.currency,
      runningTotalMinor: toSafe(charges.total), budgetStatus: budget?.status ?? 'NO_BUDGET', budget,
    };
  }
}
