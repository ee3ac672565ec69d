import { SafeIntResolver } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('BillingPlanMeter', { description: 'The price of one meter: `includedQuantity` free per month, then `unitPriceMinor` minor units per unit.' })
export class PlanMeter {
  @Field() meter: string;
  @Field() unit: string;
  @Field({ description: 'Decimal string.' }) includedQuantity: string;
  @Field({ description: 'Minor units (cents) per unit, decimal string with up to 12 places.' }) unitPriceMinor: string;
}

@ObjectType('BillingPlan', { description: 'A price plan (docs/billing-service.md "Plans").' })
export class Plan {
  @Field(() => ID, { description: 'FREE, STARTER, PROFESSIONAL or ENTERPRISE.' }) id: string;
  @Field() name: string;
  @Field() description: string;
  @Field() currency: string;
  @Field(() => SafeIntResolver, { description: 'Monthly base fee in minor units.' }) monthlyFeeMinor: number;
  @Field(() => [PlanMeter]) meters: PlanMeter[];
}
