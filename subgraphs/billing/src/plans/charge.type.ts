import { SafeIntResolver } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { formatDecimal, PRICE_SCALE, QTY_SCALE, toSafe } from '../money/decimal';
import type { ChargeLine } from './pricing';

@ObjectType('BillingLineItem', { description: 'The base fee, or one meter: billable = max(0, quantity - included); amount = billable x unit price, rounded half up.' })
export class LineItem {
  @Field(() => Int) position: number;
  @Field({ description: 'BASE_FEE or USAGE.' }) kind: string;
  @Field(() => String, { nullable: true }) meter: string | null;
  @Field() description: string;
  @Field() unit: string;
  @Field({ description: 'Decimal string.' }) quantity: string;
  @Field({ description: 'Decimal string.' }) included: string;
  @Field({ description: 'Decimal string.' }) billable: string;
  @Field({ description: 'Minor units per unit, decimal string.' }) unitPriceMinor: string;
  @Field(() => SafeIntResolver, { description: 'Minor units.' }) amountMinor: number;
}

export const toLineItem = (l: ChargeLine): LineItem => ({
  position: l.position, kind: l.kind, meter: l.meter, description: l.description, unit: l.unit,
  quantity: formatDecimal(l.quantity, QTY_SCALE), included: formatDecimal(l.included, QTY_SCALE), billable: formatDecimal(l.billable, QTY_SCALE),
  unitPriceMinor: formatDecimal(l.unitPrice, PRICE_SCALE), amountMinor: toSafe(l.amount),
});
