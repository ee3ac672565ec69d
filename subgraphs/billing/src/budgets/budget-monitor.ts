import type { Prisma } from '@dataplat/db';
import { computeCharges, type PlanPrice, type TaxPolicy } from '../plans/pricing';
import type { UsageRepository } from '../usage/usage.repository';
import { crossedThresholds } from './budget-rules';
import type { BudgetRepository } from './budget.repository';

/** 123456 minor units of USD -> "1234.56 USD" (2 decimal currencies). */
export const formatMoney = (minor: bigint, currency: string): string => {
  const abs = minor < 0n ? -minor : minor;
  return `${minor < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')} ${currency}`;
};

/**
 * The budget check run in the transaction that counts a metering event: the period's cost so far
 * (base fee + usage, priced as the invoice will be) against the tenant's budget; each threshold
 * reached raises one alert per period, with its e-mail queued in the same transaction.
 */
export class BudgetMonitor {
  constructor(
    private readonly budgets: BudgetRepository,
    private readonly usage: UsageRepository,
    private readonly tax: TaxPolicy,
  ) {}

  async check(tx: Prisma.TransactionClient, tenantId: string, period: string, plan: PlanPrice, recipient: string): Promise<number[]> {
    const budget = await this.budgets.find(tenantId, tx);
    if (!budget) return [];
    const spend = computeCharges(plan, await this.usage.byMeter(tenantId, period, tx), tenantId, this.tax).total;
    const raised: number[] = [];
    for (const threshold of crossedThresholds(spend, budget.amountMinor, budget.thresholds)) {
      const message = `Billing spend for ${period} reached ${threshold}% of the monthly budget: ${formatMoney(spend, plan.currency)} of ${formatMoney(budget.amountMinor, budget.currency)}.`;
      const isNew = await this.budgets.raiseOnce(tx, { tenantId, period, threshold, budgetMinor: budget.amountMinor, spendMinor: spend, currency: budget.currency, message, recipient });
      if (isNew) raised.push(threshold);
    }
    return raised;
  }
}
