import { Paginated } from '@dataplat/kit';
import { SafeIntResolver } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('BillingBudget', { description: 'A tenant\'s monthly budget with the current period\'s spend.' })
export class Budget {
  @Field(() => ID) tenantId: string;
  @Field(() => SafeIntResolver, { description: 'Budget per calendar month, minor units.' }) amountMinor: number;
  @Field() currency: string;
  @Field(() => [Int], { description: 'Alert thresholds, percent of the amount, ascending.' }) thresholds: number[];
  @Field({ description: 'The current period (YYYY-MM, UTC).' }) period: string;
  @Field(() => SafeIntResolver, { description: 'Cost of the current period so far (base fee + usage), minor units.' }) currentSpendMinor: number;
  @Field(() => Float, { description: 'currentSpend / amount x 100, two decimals (display only).' }) percentUsed: number;
  @Field({ description: 'OK, WARNING (a threshold reached) or EXCEEDED (spend at or above the amount).' }) status: string;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType('BillingAlert', { description: 'A budget threshold reached in a period (raised once per threshold and period).' })
export class BudgetAlert {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field() period: string;
  @Field(() => Int, { description: 'Percent of the budget.' }) threshold: number;
  @Field(() => SafeIntResolver) budgetMinor: number;
  @Field(() => SafeIntResolver, { description: 'Spend when the threshold was reached.' }) spendMinor: number;
  @Field() currency: string;
  @Field() message: string;
  @Field() createdAt: Date;
}

@ObjectType()
export class BudgetAlertPage extends Paginated(BudgetAlert, 'BillingAlertPage') {}
