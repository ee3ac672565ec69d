import { GraphQLJSON } from 'graphql-scalars';
import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireTenant, SCIM_SCOPE, type RequestContext } from '@dataplat/kit';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery';
import type { ScimService } from './scim.service';

/**
 * SCIM 2.0 (RFC 7644) for the REST facade's /api/v1/scim/v2 routes. Resources travel as
 * JSON (their attribute names are schema URNs and case-insensitive, which GraphQL input types
 * cannot express); the service validates them. Only a SCIM token reaches the guarded fields,
 * and it acts in its own tenant.
 */
@Resolver()
export class ScimResolver {
  constructor(
    private readonly scim: ScimService,
    private readonly baseUrl: string,
  ) {}

  @Query(() => GraphQLJSON, { description: 'SCIM ServiceProviderConfig (public).' })
  scimServiceProviderConfig(): unknown {
    return serviceProviderConfig(this.baseUrl);
  }

  @Query(() => GraphQLJSON, { description: 'SCIM Schemas as a ListResponse (public).' })
  scimSchemas(): unknown {
    return schemas(this.baseUrl);
  }

  @Query(() => GraphQLJSON, { description: 'SCIM ResourceTypes as a ListResponse (public).' })
  scimResourceTypes(): unknown {
    return resourceTypes(this.baseUrl);
  }

  @Authorized(SCIM_SCOPE)
  @Query(() => GraphQLJSON, { description: 'SCIM ListResponse of users.' })
  scimUsers(
    @Ctx() ctx: RequestContext,
    @Arg('filter', () => String, { nullable: true }) filter?: string,
    @Arg('startIndex', () => Int, { nullable: true }) startIndex?: number,
    @Arg('count', () => Int, { nullable: true }) count?: number,
  ): Promise<unknown> {
    return this.scim.listUsers(requireTenant(ctx), { filter, startIndex, count });
  }

  @Authorized(SCIM_SCOPE)
  @Query(() => GraphQLJSON)
  scimUser(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<unknown> {
    return this.scim.getUser(requireTenant(ctx), id);
  }

  @Authorized(SCIM_SCOPE)
  @Mutation(() => GraphQLJSON)
  scimCreateUser(@Arg('resource', () => GraphQLJSON) resource: unknown, @Ctx() ctx: RequestContext): Promise<unknown> {
    return this.scim.createUser(requireTenant(ctx), resource);
  }

  @Authorized(SCIM_SCOPE)
  @Mutation(() => GraphQLJSON)
  scimReplaceUser(@Arg('id', () => ID) id: string, @Arg('resource', () => GraphQLJSON) resource: unknown, @Ctx() ctx: RequestContext): Promise<unknown> {
    return this.scim.replaceUser(requireTenant(ctx), id, resource);
  }

  @Authorized(SCIM_SCOPE)
  @Mutation(() => GraphQLJSON)
  scimPatchUser(@Arg('id', () => ID) id: string, @Arg('patch', () => GraphQLJSON) patch: unknown, @Ctx() ctx: RequestContext): Promise<unknown> {
    return this.scim.patchUser(requireTenant(ctx), id, patch);
  }

  @Authorized(SCIM_SCOPE)
  @Mutation(() => Boolean, {
    description: 'SCIM DELETE (spec: "deactivate user"): the user is disabled and gone from every API (404), its row kept for audit; sessions, access tokens and API keys are revoked.',
  })
  scimDeactivateUser(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.scim.deleteUser(requireTenant(ctx), id);
  }

  @Authorized(SCIM_SCOPE)
  @Query(() => GraphQLJSON, { description: 'SCIM ListResponse of groups.' })
  scimGroups(
    @Ctx() ctx: RequestContext,
    @Arg('filter', () => String, { nullable: true }) filter?: string,
    @Arg('startIndex', () => Int, { nullable: true }) startIndex?: number,
    @Arg('count', () => Int, { nullable: true }) count?: number,
    @Arg('excludedAttributes', () => String, { nullable: true }) excludedAttributes?: string,
  ): Promise<unknown> {
    return this.scim.listGroups(requireTenant(ctx), { filter, startIndex, count, excludedAttributes });
  }

  @Authorized(SCIM_SCOPE)
  @Query(() => GraphQLJSON)
  scimGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext, @Arg('excludedAttributes', () => String, { nullable: true }) excludedAttributes?: string): Promise<unknown> {
    return this.scim.getGroup(requireTenant(ctx), id, excludedAttributes);
  }

  @Authorized(SCIM_SCOPE)
  @Mutation(() => GraphQLJSON)
  scimCreateGroup(@Arg('resource', () => GraphQLJSON) resource: unknown, @Ctx() ctx: RequestContext): Promise<unknown> {
    return this.scim.createGroup(requireTenant(ctx), resource);
  }

  @Authorized(SCIM_SCOPE)
  @Mutation(() => GraphQLJSON)
  scimReplaceGroup(@Arg('id', () => ID) id: string, @Arg('resource', () => GraphQLJSON) resource: unknown, @Ctx() ctx: RequestContext): Promise<unknown> {
    return this.scim.replaceGroup(requireTenant(ctx), id, resource);
  }

  @Authorized(SCIM_SCOPE)
  @Mutation(() => GraphQLJSON)
  scimPatchGroup(@Arg('id', () => ID) id: string, @Arg('patch', () => GraphQLJSON) patch: unknown, @Ctx() ctx: RequestContext): Promise<unknown> {
    return this.scim.patchGroup(requireTenant(ctx), id, patch);
  }

  @Authorized(SCIM_SCOPE)
  @Mutation(() => Boolean)
  scimDeleteGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.scim.deleteGroup(requireTenant(ctx), id);
  }
}
