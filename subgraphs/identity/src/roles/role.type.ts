import { Field, Int, ObjectType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'A permission, named `<resource>:<action>`.' })
export class Permission {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() resource: string;
  @Field() action: string;
}

@ObjectType({ description: 'A role: a system role shared by all tenants, or a role of one tenant.' })
export class Role {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() description: string;
  @Field({ description: 'System roles cannot be deleted or renamed.' }) systemRole: boolean;
  @Field(() => [Permission]) permissions: Permission[];
  @Field(() => Int, { description: 'Users of the current tenant holding the role.' }) userCount: number;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
  /** Not exposed: the tenant the role belongs to (null for system roles). */
  tenantId: string | null;
}

@ObjectType()
export class RolePage extends Paginated(Role, 'RolePage') {}
