import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'Limits and options chosen at provisioning (spec 2 "Tenant (create request)").' })
export class TenantSettings {
  @Field(() => Int, { nullable: true }) maxUsers: number | null;
  @Field(() => Int, { nullable: true }) maxConnectors: number | null;
  @Field() gpuEnabled: boolean;
  @Field() dedicatedIngress: boolean;
}

@ObjectType({ description: 'A customer of the platform. Other subgraphs extend it by id.' })
@Directive('@key(fields: "id")')
export class Tenant {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'Short identifier, unique on the platform (login `tenantSlug`).' }) slug: string;
  @Field({ description: 'FREE, STARTER, PROFESSIONAL or ENTERPRISE.' }) plan: string;
  @Field({ description: 'Rate-limit tier: free, professional or enterprise.' }) tier: string;
  @Field() region: string;
  @Field() adminEmail: string;
  @Field(() => ID, { nullable: true, description: 'The first administrator (an identity user of this tenant).' }) adminUserId: string | null;
  @Field(() => TenantSettings) settings: TenantSettings;
  @Field({ description: 'PROVISIONING, ACTIVE, SUSPENDED, DEPROVISIONING, DEPROVISIONED or FAILED (docs/tenant-lifecycle.md).' }) status: string;
  @Field(() => String, { nullable: true, description: 'Why the tenant is in its status (suspension reason, failure).' }) statusReason: string | null;
  @Field(() => Date, { nullable: true }) activatedAt: Date | null;
  @Field(() => Date, { nullable: true }) suspendedAt: Date | null;
  @Field(() => Date, { nullable: true }) deprovisionedAt: Date | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType()
export class TenantPage extends Paginated(Tenant, 'TenantPage') {}
