import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType } from 'type-graphql';
import { DecimalScalar } from '../money/decimal-scalar';

@InputType({ description: 'One metering event from an internal service (docs/billing-service.md "Metering").' })
export class MeteringEventInput {
  @Field({ description: 'Idempotency key, unique per tenant (1 to 200 characters).' }) eventId: string;
  @Field(() => ID) tenantId: string;
  @Field({ description: 'api_calls, storage_gb_hours, compute_core_hours, ingested_events or query_bytes_scanned.' }) meter: string;
  @Field(() => DecimalScalar, { description: 'Non-negative decimal (number or string), up to 6 decimal places.' }) quantity: string | number;
  @Field(() => String, { nullable: true, description: 'ISO 8601; when usage happened (default: now). Decides the billing period.' }) timestamp?: string | null;
  @Field({ description: 'The reporting service (1 to 100 characters).' }) source: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Flat object of string values (e.g. region, pipelineId).' }) dimensions?: Record<string, unknown> | null;
}
