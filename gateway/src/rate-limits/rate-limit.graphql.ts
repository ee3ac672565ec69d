import { isUuid, DomainError, SystemRole, buildFederatedSchema } from '@dataplat/kit';
import { TenantError } from '@dataplat/tenant/errors';
import type { GraphQLSchema } from 'graphql';
import { Arg, Authorized, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { TenantStatusStore } from '../tenant-access';
import type { TenantRateLimits } from './tenant-rate-limits';
import type { TenantRateLimitConfig } from './tiers';

@ObjectType({ description: 'Gateway rate-limit configuration of a tenant (spec 2), as held by the gateway configuration store.' })
export class GatewayRateLimit {
  @Field(() => ID) tenantId: string;
  @Field({ description: 'free, professional or enterprise.' }) tier: string;
  @Field(() => Int) secondLimit: number;
  @Field(() => Int) secondBurst: number;
  @Field(() => Int) minuteLimit: number;
  @Field(() => Int) minuteBurst: number;
  @Field(() => Int) hourLimit: number;
  @Field(() => Int) hourBurst: number;
  @Field(() => [String], { description: 'Windows enforced: second, minute, hour.' }) windows: string[];
  @Field() updatedAt: string;
}

@InputType({ description: 'Gateway rate-limit configuration (spec 2); numbers left out take the tier defaults.' })
export class GatewayRateLimitInput {
  @Field() tier: string;
  @Field(() => Int, { nullable: true }) secondLimit?: number;
  @Field(() => Int, { nullable: true }) secondBurst?: number;
  @Field(() => Int, { nullable: true }) minuteLimit?: number;
  @Field(() => Int, { nullable: true }) minuteBurst?: number;
  @Field(() => Int, { nullable: true }) hourLimit?: number;
  @Field(() => Int, { nullable: true }) hourBurst?: number;
  @Field(() => [String], { nullable: true }) windows?: string[];
}

/** Platform administrators only; the tenant must exist in the tenant service's table. */
@Resolver(() => GatewayRateLimit)
export class GatewayRateLimitResolver {
  constructor(
    private readonly limits: TenantRateLimits,
    private readonly tenants: TenantStatusStore,
  ) {}

  @Authorized(SystemRole.PLATFORM_ADMIN)
  @Mutation(() => GatewayRateLimit, { description: 'Stores the tenant\'s configuration and enables its limiter on every gateway instance.' })
  async setGatewayRateLimit(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: GatewayRateLimitInput): Promise<TenantRateLimitConfig> {
    return this.limits.configure(await this.tenant(tenantId), input);
  }

  @Authorized(SystemRole.PLATFORM_ADMIN)
  @Query(() => GatewayRateLimit, { description: 'The tenant\'s current configuration (404 DPF-API-017 when none).' })
  async gatewayRateLimit(@Arg('tenantId', () => ID) tenantId: string): Promise<TenantRateLimitConfig> {
    return this.limits.configuration(await this.tenant(tenantId));
  }

  private async tenant(tenantId: string): Promise<string> {
    const id = tenantId.toLowerCase();
    if (!isUuid(id) || (await this.tenants.statusOf(id)) === null) throw new DomainError(TenantError.TENANT_NOT_FOUND);
    return id;
  }
}

/** The `gateway` subgraph: owned by the edge, served in-process in every mode. */
export function buildGatewaySchema(limits: TenantRateLimits, tenants: TenantStatusStore): Promise<GraphQLSchema> {
  const resolver = new GatewayRateLimitResolver(limits, tenants);
  return buildFederatedSchema({ resolvers: [GatewayRateLimitResolver], container: { get: () => resolver } });
}
