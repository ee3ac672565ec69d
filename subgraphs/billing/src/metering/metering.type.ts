import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'The acceptance of a metering event; a duplicate eventId returns the original acceptance.' })
export class MeteringAcceptance {
  @Field() eventId: string;
  @Field(() => ID) tenantId: string;
  @Field() meter: string;
  @Field({ description: 'Decimal string.' }) quantity: string;
  @Field() timestamp: Date;
  @Field({ description: 'Billing period YYYY-MM (UTC) the event counts in.' }) period: string;
  @Field() source: string;
  @Field(() => GraphQLJSONObject) dimensions: Record<string, unknown>;
  @Field() acceptedAt: Date;
  @Field({ description: 'ACCEPTED.' }) status: string;
  @Field({ description: 'True when this eventId had been accepted before (nothing was counted again).' }) duplicate: boolean;
}

@ObjectType({ description: 'Metered usage of one meter in a period.' })
export class MeterSummary {
  @Field() meter: string;
  @Field() unit: string;
  @Field({ description: 'Decimal string.' }) quantity: string;
  @Field(() => Int) eventCount: number;
  @Field(() => Date, { nullable: true }) firstEventAt: Date | null;
  @Field(() => Date, { nullable: true }) lastEventAt: Date | null;
}

@ObjectType({ description: 'Metering of the acting tenant in a period, per meter.' })
export class MeteringSummary {
  @Field(() => ID) tenantId: string;
  @Field() period: string;
  @Field(() => Int) totalEvents: number;
  @Field(() => [MeterSummary]) meters: MeterSummary[];
}
