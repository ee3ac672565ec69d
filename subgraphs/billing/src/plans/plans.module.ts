import type { SubgraphModule } from '@dataplat/kit';
import type { BillingCore } from '../core';
import { PlanResolver } from './plan.resolver';

/** plans: the public price list (seeded by the migration). */
export const plansModule = (core: BillingCore): SubgraphModule => ({ resolvers: [new PlanResolver(core.plans)] });
