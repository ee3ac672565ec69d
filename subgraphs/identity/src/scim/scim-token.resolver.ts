import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, requireTenant, SystemRole, type RequestContext } from '@dataplat/kit';
import type { ScimTokenService } from './scim-token.service';
import { IssuedScimToken, IssueScimTokenInput, ScimToken } from './scim-token.type';

const ADMINS = [SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN];

/** SCIM bearer tokens of the acting tenant, managed by its administrators. */
@Resolver(() => ScimToken)
export class ScimTokenResolver {
  constructor(private readonly tokens: ScimTokenService) {}

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => IssuedScimToken, { description: 'Issues a SCIM token for the acting tenant; `token` is shown this once.' })
  issueScimToken(@Arg('input') input: IssueScimTokenInput, @Ctx() ctx: RequestContext): Promise<IssuedScimToken> {
    return this.tokens.issue(requirePrincipal(ctx), requireTenant(ctx), input);
  }

  @Authorized(...ADMINS, 'users:read')
  @Query(() => [ScimToken], { description: 'SCIM tokens of the acting tenant (never the secrets).' })
  scimTokens(@Ctx() ctx: RequestContext): Promise<ScimToken[]> {
    return this.tokens.list(requireTenant(ctx));
  }

  @Authorized(...ADMINS, 'users:write')
  @Mutation(() => Boolean, { description: 'Revokes a SCIM token; every edge refuses it at once.' })
  revokeScimToken(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.tokens.revoke(requireTenant(ctx), id);
  }
}
