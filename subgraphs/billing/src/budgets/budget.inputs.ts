import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'A monthly budget: amount in minor units and alert thresholds in percent (default 50, 80, 100).' })
export class BudgetInput {
  @Field(() => Int, { description: 'Minor units, 1 to 2147483647 (GraphQL Int).' }) amountMinor: number;
  @Field(() => String, { nullable: true, description: 'Must be the plan\'s currency (USD); default USD.' }) currency?: string | null;
  @Field(() => [Int], { nullable: true }) thresholds?: number[] | null;
}
