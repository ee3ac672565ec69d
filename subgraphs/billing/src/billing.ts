import { buildModularSchema } from '@dataplat/kit';
import type { GraphQLSchema } from 'graphql';
import { budgetsModule } from './budgets/budgets.module';
import { createCore, type BillingCore, type BillingDeps } from './core';
import { invoicesModule } from './invoices/invoices.module';
import { meteringModule } from './metering/metering.module';
import { plansModule } from './plans/plans.module';
import { usageModule } from './usage/usage.module';

/** Every domain of the billing subgraph. */
const MODULES = [plansModule, meteringModule, usageModule, invoicesModule, budgetsModule];

/** Wires the modules on one shared core and builds the billing subgraph schema. */
export function buildBillingSchema(deps: BillingDeps, core: BillingCore = createCore(deps)): Promise<GraphQLSchema> {
  return buildModularSchema(MODULES.map((m) => m(core)));
}
