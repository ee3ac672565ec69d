import { SafeIntResolver } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { LineItem } from '../plans/charge.type';

@ObjectType({ description: 'Usage of one meter in a period.' })
export class MeterUsage {
  @Field() meter: string;
  @Field() unit: string;
  @Field({ description: 'Decimal string.' }) quantity: string;
  @Field({ description: 'Included in the plan, decimal string.' }) includedQuantity: string;
  @Field(() => Int) eventCount: number;
}

@ObjectType({ description: 'A tenant\'s usage in a period with the cost so far.' })
export class TenantUsage {
  @Field(() => ID) tenantId: string;
  @Field() period: string;
  @Field() periodStart: Date;
  @Field() periodEnd: Date;
  @Field() planId: string;
  @Field() currency: string;
  @Field(() => [MeterUsage]) meters: MeterUsage[];
  @Field(() => SafeIntResolver, { description: 'What the invoice would total now (base fee + usage + tax), minor units.' }) estimatedTotalMinor: number;
}

@ObjectType({ description: 'A tenant\'s cost in a period, line by line, priced as its invoice.' })
export class UsageBreakdown {
  @Field(() => ID) tenantId: string;
  @Field() period: string;
  @Field() planId: string;
  @Field() currency: string;
  @Field(() => [LineItem]) lineItems: LineItem[];
  @Field(() => SafeIntResolver) subtotalMinor: number;
  @Field(() => SafeIntResolver) taxMinor: number;
  @Field(() => SafeIntResolver) totalMinor: number;
}

@ObjectType({ description: 'One tenant in the platform-wide usage.' })
export class TenantCost {
  @Field(() => ID) tenantId: string;
  @Field() planId: string;
  @Field(() => SafeIntResolver) totalMinor: number;
}

@ObjectType({ description: 'Usage of every tenant in a period (platform administrators).' })
export class PlatformUsage {
  @Field() period: string;
  @Field(() => Int, { description: 'Tenants with usage in the period.' }) tenantCount: number;
  @Field(() => [MeterUsage], { description: 'Totals per meter (includedQuantity is 0 here).' }) meters: MeterUsage[];
  @Field(() => [TenantCost]) tenants: TenantCost[];
  @Field(() => SafeIntResolver, { description: 'Sum of the tenants\' totals, minor units (USD).' }) totalMinor: number;
}
