import { SafeIntResolver } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { Budget } from '../budgets/budget.type';
import { Plan } from '../plans/plan.type';

@ObjectType({ description: 'A tenant\'s billing at a glance (GET /tenants/{id}/billing): plan, current period, running total, budget.' })
export class TenantBilling {
  @Field(() => ID) tenantId: string;
  @Field(() => Plan) plan: Plan;
  @Field() period: string;
  @Field() periodStart: Date;
  @Field() periodEnd: Date;
  @Field() currency: string;
  @Field(() => SafeIntResolver, { description: 'Cost of the current period so far, minor units.' }) runningTotalMinor: number;
  @Field({ description: 'NO_BUDGET, OK, WARNING or EXCEEDED.' }) budgetStatus: string;
  @Field(() => Budget, { nullable: true }) budget: Budget | null;
}
