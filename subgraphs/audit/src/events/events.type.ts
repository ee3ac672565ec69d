import { Field, Float, ID, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'One recorded operation of a tenant, a link of its hash chain (docs/audit-service.md "Events").' })
export class AuditEvent {
  @Field(() => ID) id: string;
  @Field() tenantId: string;
  @Field(() => Float, { description: 'Position in the tenant chain: 1, 2, 3 ... without gaps.' }) seq: number;
  @Field({ description: 'When the gateway received the operation.' }) timestamp: Date;
  @Field({ description: 'When the event was appended to the chain.' }) recordedAt: Date;
  @Field({ description: 'access_token, api_key, service_token, scim_token or anonymous.' }) actorKind: string;
  @Field(() => String, { nullable: true, description: 'User id (access tokens, API keys), service name, or the user a login named.' }) userId: string | null;
  @Field(() => String, { nullable: true, description: "The actor's own tenant (differs from tenantId for platform administrators)." }) actorTenantId: string | null;
  @Field(() => [String]) actorRoles: string[];
  @Field({ description: 'The root mutation field, e.g. createUser, login.' }) action: string;
  @Field({ description: 'AUTHENTICATION, ACCESS_CONTROL or CHANGE.' }) category: string;
  @Field(() => String, { nullable: true }) resourceType: string | null;
  @Field(() => String, { nullable: true }) resourceId: string | null;
  @Field({ description: 'SUCCESS or FAILURE.' }) outcome: string;
  @Field(() => String, { nullable: true, description: 'Error code of a failure (DPF-...).' }) errorCode: string | null;
  @Field(() => String, { nullable: true }) requestId: string | null;
  @Field(() => String, { nullable: true }) ipAddress: string | null;
  @Field(() => String, { nullable: true }) userAgent: string | null;
  @Field(() => GraphQLJSONObject, { description: '{input: the arguments (secrets redacted), after: scalar fields of the result}.' }) details: Record<string, unknown>;
  @Field() prevHash: string;
  @Field() hash: string;
}

@ObjectType()
export class AuditEventPage extends Paginated(AuditEvent, 'AuditEventPage') {}

@ObjectType({ description: 'One page of an export, oldest first; pass nextCursor as `after` for the next.' })
export class AuditEventExportPage {
  @Field() format: string;
  @Field(() => [AuditEvent]) events: AuditEvent[];
  @Field(() => String, { nullable: true, description: 'Null on the last page.' }) nextCursor: string | null;
}

@ObjectType({ description: 'Result of recomputing the hash chain of the acting tenant.' })
export class AuditChainVerification {
  @Field() tenantId: string;
  @Field() intact: boolean;
  @Field(() => Float) eventsChecked: number;
  @Field(() => Float, { nullable: true }) firstBrokenSeq: number | null;
  @Field(() => String, { nullable: true }) reason: string | null;
  @Field(() => Float, { description: 'Verification starts after this seq (last retention checkpoint; 0: the start).' }) checkpointSeq: number;
  @Field(() => Float) headSeq: number;
  @Field() headHash: string;
  @Field() verifiedAt: Date;
}
