import type { PrismaClient } from '@dataplat/db';
import type { PlatformConfig } from '@dataplat/kit';
import { AccountRepository } from './accounts/account.repository';
import { AccountService } from './accounts/account.service';
import type { TenantDirectory } from './accounts/tenant-directory';
import { BudgetMonitor } from './budgets/budget-monitor';
import { BudgetRepository } from './budgets/budget.repository';
import { InvoiceRepository } from './invoices/invoice.repository';
import { InvoiceService } from './invoices/invoice.service';
import { PlanRepository } from './plans/plan.repository';
import { PlanService } from './plans/plan.service';
import { ZERO_TAX, type TaxPolicy } from './plans/pricing';
import { UsageRepository } from './usage/usage.repository';
import { UsageService } from './usage/usage.service';

/** What every billing module shares (built once per process). */
export interface BillingCore {
  db: PrismaClient;
  config: PlatformConfig;
  tax: TaxPolicy;
  accounts: AccountService;
  plans: PlanService;
  usageRepo: UsageRepository;
  usage: UsageService;
  budgetRepo: BudgetRepository;
  monitor: BudgetMonitor;
  invoices: InvoiceService;
}

export interface BillingDeps {
  db: PrismaClient;
  config: PlatformConfig;
  /** Where tenants' plans are read (the tenant subgraph through the graph). */
  tenants: TenantDirectory;
  /** The tax hook (default: no tax). */
  tax?: TaxPolicy;
}

export function createCore({ db, config, tenants, tax = ZERO_TAX }: BillingDeps): BillingCore {
  const accounts = new AccountService(new AccountRepository(db), tenants);
  const plans = new PlanService(new PlanRepository(db));
  const usageRepo = new UsageRepository(db);
  const budgetRepo = new BudgetRepository(db);
  return {
    db, config, tax, accounts, plans, usageRepo, budgetRepo,
    usage: new UsageService(usageRepo, accounts, plans, tax),
    monitor: new BudgetMonitor(budgetRepo, usageRepo, tax),
    invoices: new InvoiceService(new InvoiceRepository(db), usageRepo, accounts, plans, tax),
  };
}
