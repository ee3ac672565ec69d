import type { SubgraphModule } from '@dataplat/kit';
import type { BillingCore } from '../core';
import { BudgetResolver } from './budget.resolver';
import { BudgetService } from './budget.service';

/** budgets: monthly budgets per tenant and the alerts metering raises against them. */
export const budgetsModule = (core: BillingCore): SubgraphModule => ({ resolvers: [new BudgetResolver(new BudgetService(core.budgetRepo, core.accounts, core.usage))] });
