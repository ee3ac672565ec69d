import { Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, type RequestContext } from '@dataplat/kit';
import { AuthorizeArgs, TokenArgs, TokenLookupArgs } from './oauth.inputs';
import type { OAuthAuthorizeService } from './oauth-authorize.service';
import type { OAuthIntrospectionService } from './oauth-introspection.service';
import type { OAuthMetadataService } from './oauth-metadata';
import type { OAuthTokenService } from './oauth-token.service';
import { OAuthAuthorization, OAuthIntrospection, OAuthServerMetadata, OAuthTokenResponse } from './oauth.type';

/** The protocol endpoints of the OAuth 2.0 authorization server (field names as the RFCs name parameters). */
@Resolver()
export class OAuthResolver {
  constructor(
    private readonly authorizer: OAuthAuthorizeService,
    private readonly tokens: OAuthTokenService,
    private readonly introspection: OAuthIntrospectionService,
    private readonly metadata: OAuthMetadataService,
  ) {}

  @Authorized()
  @Mutation(() => OAuthAuthorization, { description: 'Authorization endpoint (RFC 6749 4.1.1): the signed-in user consents; a code or an error for the redirect URI.' })
  oauthAuthorize(@Args() args: AuthorizeArgs, @Ctx() ctx: RequestContext): Promise<OAuthAuthorization> {
    return this.authorizer.authorize(args, requirePrincipal(ctx));
  }

  @Mutation(() => OAuthTokenResponse, { description: 'Token endpoint (RFC 6749 3.2): authorization_code, client_credentials, refresh_token.' })
  oauthToken(@Args() args: TokenArgs): Promise<OAuthTokenResponse> {
    return this.tokens.token(args);
  }

  @Mutation(() => OAuthIntrospection, { description: 'Token introspection (RFC 7662), for authenticated confidential clients (a POST endpoint).' })
  oauthIntrospect(@Args() args: TokenLookupArgs): Promise<OAuthIntrospection> {
    return this.introspection.introspect(args);
  }

  @Mutation(() => Boolean, { description: 'Token revocation (RFC 7009): true whatever the token.' })
  oauthRevoke(@Args() args: TokenLookupArgs): Promise<boolean> {
    return this.introspection.revoke(args);
  }

  @Query(() => OAuthServerMetadata, { description: 'Authorization server metadata (RFC 8414).' })
  oauthServerMetadata(): Promise<OAuthServerMetadata> {
    return this.metadata.metadata();
  }
}
