import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'How long the acting tenant keeps the audit events of one category (docs/audit-service.md "Retention").' })
export class RetentionPolicy {
  @Field(() => ID) id: string;
  @Field() tenantId: string;
  @Field({ description: 'AUTHENTICATION, ACCESS_CONTROL or CHANGE.' }) category: string;
  @Field(() => Int) retentionDays: number;
  @Field(() => String, { nullable: true }) updatedBy: string | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType({ description: 'What one retention purge removed from a tenant chain.' })
export class RetentionPurgeResult {
  @Field() tenantId: string;
  @Field(() => Int) purged: number;
  @Field(() => Float, { nullable: true, description: 'The new checkpoint (last purged seq), when anything was purged.' }) checkpointSeq: number | null;
}
