import { DomainError, pageWindow, paginate, type Page, type Principal } from '@dataplat/kit';
import { BillingError } from '../errors';
import type { AccountService } from '../accounts/account.service';
import { actingTenantId, scopedTenantId } from '../accounts/billing-scope';
import { toSafe } from '../money/decimal';
import { periodOf, periodOrCurrent } from '../money/period';
import type { UsageService } from '../usage/usage.service';
import { budgetStatus, percentUsed, validateBudget } from './budget-rules';
import type { BudgetRepository, BudgetRow } from './budget.repository';
import type { BudgetInput } from './budget.inputs';
import type { Budget, BudgetAlert } from './budget.type';

/** Budgets per tenant and the alerts they raise (docs/billing-service.md "Budgets"). */
export class BudgetService {
  constructor(
    private readonly repo: BudgetRepository,
    private readonly accounts: AccountService,
    private readonly usage: UsageService,
  ) {}

  async get(caller: Principal, tenantId: string): Promise<Budget> {
    const id = scopedTenantId(caller, tenantId);
    const row = await this.repo.find(id);
    if (!row) {
      await this.accounts.ensure(id); // an unknown tenant is 404 DPF-BIL-001, a known one without budget DPF-BIL-005
      throw new DomainError(BillingError.BUDGET_NOT_FOUND);
    }
    return this.present(row);
  }

  async set(caller: Principal, tenantId: string, input: BudgetInput): Promise<Budget> {
    const id = scopedTenantId(caller, tenantId);
    const thresholds = validateBudget(input.amountMinor, input.thresholds ?? undefined);
    const account = await this.accounts.ensure(id);
    const currency = (input.currency ?? 'USD').toUpperCase();
    const plan = await this.usage.planOf(account.planId);
    if (currency !== plan.currency) throw new DomainError(BillingError.BUDGET_INVALID, `currency: must be ${plan.currency}`, { field: 'currency', reason: `must be ${plan.currency}` });
    return this.present(await this.repo.upsert(id, BigInt(input.amountMinor), currency, thresholds));
  }

  /** The budget with the current period's spend; shared with the tenant billing view. */
  async present(row: BudgetRow): Promise<Budget> {
    const period = periodOf(new Date());
    const spend = (await this.usage.charges(row.tenantId, period)).total;
    return {
      tenantId: row.tenantId, amountMinor: toSafe(row.amountMinor), currency: row.currency, thresholds: row.thresholds, period,
      currentSpendMinor: toSafe(spend), percentUsed: percentUsed(spend, row.amountMinor), status: budgetStatus(spend, row.amountMinor, row.thresholds),
      createdAt: row.createdAt, updatedAt: row.updatedAt,
    };
  }

  find(tenantId: string): Promise<BudgetRow | null> {
    return this.repo.find(tenantId);
  }

  async alerts(caller: Principal, period: string | null, page: number, size: number): Promise<Page<BudgetAlert>> {
    const tenantId = actingTenantId(caller);
    const p = period ? periodOrCurrent(period).period : undefined;
    const { rows, total } = await this.repo.alerts(tenantId, p, pageWindow({ page, size }).skip, pageWindow({ page, size }).take);
    return {
      data: rows.map((r) => ({ ...r, budgetMinor: toSafe(r.budgetMinor), spendMinor: toSafe(r.spendMinor) })),
      pagination: paginate(page, size, total),
    };
  }
}
