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

@ObjectType({ description: 'A provisioned tenant and the first administrator\'s temporary password, returned once.' })
export class ProvisionedTenant extends Tenant {
  @Field({ description: 'Temporary password of the first administrator (adminEmail), who must change it at first login. Shown once.' })
  adminTemporaryPassword: string;
}

@ObjectType({ description: 'One move of a tenant\'s status.' })
export class TenantStatusChange {
  @Field(() => String, { nullable: true }) fromStatus: string | null;
  @Field() toStatus: string;
  @Field(() => String, { nullable: true }) reason: string | null;
  @Field(() => String, { nullable: true, description: 'User id or service that made the change.' }) actor: string | null;
  @Field() at: Date;
}

@ObjectType({ description: 'Where a tenant stands in its lifecycle (GET /tenants/{id}/status).' })
export class TenantStatusReport {
  @Field(() => ID) tenantId: string;
  @Field() slug: string;
  @Field() status: string;
  @Field(() => String, { nullable: true }) reason: string | null;
  @Field({ description: 'When the tenant entered its status.' }) since: Date;
  @Field({ description: 'False while the tenant\'s users can neither log in nor call APIs.' }) accessAllowed: boolean;
  @Field(() => [String], { description: 'Actions the state machine allows from here.' }) allowedActions: string[];
  @Field(() => [TenantStatusChange], { description: 'Status history, most recent first (at most 50).' }) history: TenantStatusChange[];
}

@ObjectType()
export class TenantHealthCheck {
  @Field() name: string;
  @Field() healthy: boolean;
  @Field() detail: string;
}

@ObjectType({ description: 'Health of a tenant (GET /tenants/{id}/health): checks run at the time of the request.' })
export class TenantHealth {
  @Field(() => ID) tenantId: string;
  @Field() status: string;
  @Field({ description: 'True when every check passes.' }) healthy: boolean;
  @Field(() => [TenantHealthCheck]) checks: TenantHealthCheck[];
  @Field() checkedAt: Date;
}
