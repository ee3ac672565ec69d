import { Directive, Field, ID, ObjectType } from 'type-graphql';

/**
 * The tenant service's `Tenant` entity as identity knows it: by id only. The gateway fetches
 * its fields from the tenant subgraph (`resolvable: false`: identity never resolves it).
 */
@ObjectType('Tenant', { description: 'A customer of the platform (resolved by the tenant subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class TenantRef {
  @Field(() => ID) id: string;
}
