import { Arg, ID, Query, Resolver } from 'type-graphql';
import type { PlanService } from './plan.service';
import { Plan } from './plan.type';

/** Plans (spec 2 "Billing service"): public, no credentials needed. */
@Resolver(() => Plan)
export class PlanResolver {
  constructor(private readonly service: PlanService) {}

  @Query(() => [Plan], { description: 'Every billing plan, cheapest first (public).' })
  billingPlans(): Promise<Plan[]> {
    return this.service.list();
  }

  @Query(() => Plan, { description: 'One billing plan (public).' })
  billingPlan(@Arg('id', () => ID) id: string): Promise<Plan> {
    return this.service.get(id);
  }
}
