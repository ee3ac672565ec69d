import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireTenant, SystemRole, type RequestContext } from '@dataplat/kit';
import { AuthResponse } from '../auth/auth.types';
import { IdentityProviderInput } from './external-idp.inputs';
import { ExternalAuthorization, IdentityProvider } from './external-idp.type';
import type { OidcService } from './oidc.service';
import type { ProviderService } from './provider.service';
import type { SamlService } from './saml.service';

const ADMINS = [SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN];

@Resolver(() => IdentityProvider)
export class ExternalIdpResolver {
  constructor(
    private readonly providers: ProviderService,
    private readonly oidc: OidcService,
    private readonly saml: SamlService,
  ) {}

  @Authorized(...ADMINS)
  @Query(() => [IdentityProvider], { description: "The acting tenant's external identity providers." })
  identityProviders(@Ctx() ctx: RequestContext): Promise<IdentityProvider[]> {
    return this.providers.list(requireTenant(ctx));
  }

  @Authorized(...ADMINS)
  @Mutation(() => IdentityProvider, { description: 'Registers an OIDC or SAML provider in the acting tenant.' })
  createIdentityProvider(@Arg('input') input: IdentityProviderInput, @Ctx() ctx: RequestContext): Promise<IdentityProvider> {
    return this.providers.create(requireTenant(ctx), input);
  }

  @Authorized(...ADMINS)
  @Mutation(() => IdentityProvider, { description: 'Replaces a provider (an omitted OIDC client secret is kept).' })
  updateIdentityProvider(@Arg('id', () => ID) id: string, @Arg('input') input: IdentityProviderInput, @Ctx() ctx: RequestContext): Promise<IdentityProvider> {
    return this.providers.update(requireTenant(ctx), id, input);
  }

  @Authorized(...ADMINS)
  @Mutation(() => Boolean, { description: 'Removes a provider with its links to users.' })
  deleteIdentityProvider(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.providers.delete(requireTenant(ctx), id);
  }

  /**
   * A query, as its REST route is a GET (the facade maps GET to queries). It records the
   * pending sign-in (hashed state and nonce, sealed verifier) like a CSRF token: no resource
   * of the caller changes, and calling it twice just starts two independent sign-ins.
   */
  @Query(() => ExternalAuthorization, { description: 'Public: starts a sign-in at the provider (OIDC: PKCE S256, state, nonce; SAML: an AuthnRequest); the location to redirect to.' })
  async startExternalLogin(@Arg('providerId', () => ID) providerId: string): Promise<ExternalAuthorization> {
    const provider = await this.providers.signInProvider(providerId);
    return { location: provider.kind === 'OIDC' ? await this.oidc.authorize(provider) : await this.saml.authorize(provider) };
  }

  @Mutation(() => AuthResponse, { description: 'Public: the OIDC callback (form_post): exchanges the code, verifies the ID token, signs in.' })
  completeExternalLogin(
    @Arg('providerId', () => ID) providerId: string,
    @Ctx() ctx: RequestContext,
    @Arg('code', () => String, { nullable: true }) code?: string | null,
    @Arg('state', () => String, { nullable: true }) state?: string | null,
    @Arg('error', () => String, { nullable: true }) error?: string | null,
    @Arg('errorDescription', () => String, { nullable: true }) errorDescription?: string | null,
  ): Promise<AuthResponse> {
    return this.oidc.callback(providerId, { code, state, error, errorDescription }, ctx.client);
  }

  @Query(() => String, { description: 'Public: our SAML 2.0 service-provider metadata (XML).' })
  samlServiceProviderMetadata(): string {
    return this.saml.metadata();
  }

  @Mutation(() => AuthResponse, { description: 'Public: SAML assertion consumer service (HTTP-POST binding).' })
  consumeSamlResponse(
    @Arg('samlResponse') samlResponse: string,
    @Ctx() ctx: RequestContext,
    @Arg('relayState', () => String, { nullable: true }) relayState?: string | null,
  ): Promise<AuthResponse> {
    return this.saml.consume(samlResponse, relayState, ctx.client);
  }
}
