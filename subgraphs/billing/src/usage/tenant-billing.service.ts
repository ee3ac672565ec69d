import type { Principal } from '@dataplat/kit';
import type { AccountService } from '../accounts/account.service';
import { scopedTenantId } from '../accounts/billing-scope';
import type { BudgetService } from '../budgets/budget.service';
import { toSafe } from '../money/decimal';
import { periodOrCurrent } from '../money/period';
import type { PlanService } from '../plans/plan.service';
import type { TenantBilling } from './tenant-billing.type';
import type { UsageService } from './usage.service';

/** The tenant service's billing view, served by billing (one source of truth). */
export class TenantBillingService {
  constructor(
    private readonly accounts: AccountService,
    private readonly plans: PlanService,
    private readonly usage: UsageService,
    private readonly budgets: BudgetService,
  ) {}

  /** Plan (read again through the graph), current period, running total and budget status. */
  async overview(caller: Principal, tenantId: string): Promise<TenantBilling> {
    const id = scopedTenantId(caller, tenantId);
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
