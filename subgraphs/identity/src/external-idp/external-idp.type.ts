import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum IdentityProviderKind {
  OIDC = 'OIDC',
  SAML = 'SAML',
}
registerEnumType(IdentityProviderKind, { name: 'IdentityProviderKind', description: 'OpenID Connect or SAML 2.0.' });

@ObjectType({ description: 'OpenID Connect settings of a provider. The client secret is never returned.' })
export class OidcSettings {
  @Field() issuer: string;
  @Field() clientId: string;
  @Field(() => [String]) scopes: string[];
  @Field({ description: 'True when a client secret is stored (encrypted at rest).' }) clientSecretSet: boolean;
  @Field({ description: 'The redirect URI to register at the provider (response_mode=form_post).' }) redirectUri: string;
}

@ObjectType({ description: 'Assertion attribute names read for the user profile.' })
export class SamlAttributeMapping {
  @Field() email: string;
  @Field() firstName: string;
  @Field() lastName: string;
}

@ObjectType({ description: 'SAML 2.0 settings of a provider (we are the service provider).' })
export class SamlSettings {
  @Field() idpEntityId: string;
  @Field() ssoUrl: string;
  @Field(() => [String], { description: 'PEM certificates of the IdP signing keys.' }) certificates: string[];
  @Field(() => SamlAttributeMapping) attributeMapping: SamlAttributeMapping;
  @Field({ description: 'Our entity id (the audience the IdP must name).' }) spEntityId: string;
  @Field({ description: 'Our assertion consumer service (HTTP-POST).' }) acsUrl: string;
}

@ObjectType({ description: 'An external identity provider of a tenant.' })
export class IdentityProvider {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field() name: string;
  @Field(() => IdentityProviderKind) kind: IdentityProviderKind;
  @Field() enabled: boolean;
  @Field({ description: 'Create unknown users at their first sign-in.' }) jitProvisioning: boolean;
  @Field({ description: 'Role given to users created just in time.' }) defaultRole: string;
  @Field(() => OidcSettings, { nullable: true }) oidc: OidcSettings | null;
  @Field(() => SamlSettings, { nullable: true }) saml: SamlSettings | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType({ description: 'Where to send the browser to sign in at the provider.' })
export class ExternalAuthorization {
  @Field() location: string;
}
