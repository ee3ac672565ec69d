import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, requireTenant, SystemRole, type RequestContext } from '@dataplat/kit';
import { OAuthClientListArgs, RegisterOAuthClientInput } from './oauth.inputs';
import type { OAuthClientService } from './oauth-client.service';
import { OAuthClient, OAuthClientPage, RegisteredOAuthClient } from './oauth-client.type';
import { OAUTH_CLIENTS_READ as READ, OAUTH_CLIENTS_WRITE as WRITE } from '../permissions';

/*
 * The permissions naming OAuth client administration are seeded but no system role starts with
 * them (adminDefault false), so unless an administrator grants them to a role, neither an API
 * key nor an OAuth token can hold them: only an administrator's access token manages clients.
 */

/** OAuth client registration and management, in the acting tenant (ADMIN or PLATFORM_ADMIN). */
@Resolver(() => OAuthClient)
export class OAuthClientResolver {
  constructor(private readonly service: OAuthClientService) {}

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, WRITE)
  @Mutation(() => RegisteredOAuthClient, { description: 'Registers an OAuth client (RFC 7591 metadata); the secret is returned this once.' })
  registerOAuthClient(@Arg('input') input: RegisterOAuthClientInput, @Ctx() ctx: RequestContext): Promise<RegisteredOAuthClient> {
    const principal = requirePrincipal(ctx);
    const own = principal.homeTenantId !== null;
    return this.service.register(input, { tenantId: requireTenant(ctx), userId: own ? principal.subject : null });
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, READ)
  @Query(() => OAuthClientPage)
  oauthClients(@Args() args: OAuthClientListArgs, @Ctx() ctx: RequestContext): Promise<OAuthClientPage> {
    return this.service.list(requireTenant(ctx), args);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, READ)
  @Query(() => OAuthClient)
  oauthClient(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<OAuthClient> {
    return this.service.get(requireTenant(ctx), id);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, WRITE)
  @Mutation(() => RegisteredOAuthClient, { description: 'Replaces the client secret (returned this once); the old one stops working at once.' })
  regenerateOAuthClientSecret(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<RegisteredOAuthClient> {
    return this.service.regenerateSecret(requireTenant(ctx), id);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, WRITE)
  @Mutation(() => Boolean, { description: 'Deletes the client and revokes every token issued to it.' })
  deleteOAuthClient(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.delete(requireTenant(ctx), id);
  }
}
