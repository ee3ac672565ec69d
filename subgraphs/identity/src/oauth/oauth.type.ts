import { Field, Int, ObjectType } from 'type-graphql';

/**
 * The outcome of an authorization request that may be sent to the client's redirect URI:
 * a code, or an RFC 6749 4.1.2.1 error. `redirectUri` is the full URI to send the user agent to.
 */
@ObjectType({ description: 'Authorization response (RFC 6749 4.1.2): the redirect with a code or an error.' })
export class OAuthAuthorization {
  @Field({ description: 'Where to send the user agent: the redirect URI with code (or error), state and iss.' }) redirectUri: string;
  @Field(() => String, { nullable: true }) code: string | null;
  @Field(() => String, { nullable: true }) state: string | null;
  @Field(() => String, { nullable: true, description: 'RFC 9207 issuer identifier.' }) iss: string | null;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => String, { nullable: true }) error_description: string | null;
}

/** RFC 6749 5.1 access token response. */
@ObjectType({ description: 'Token response (RFC 6749 5.1).' })
export class OAuthTokenResponse {
  @Field() access_token: string;
  @Field() token_type: string;
  @Field(() => Int) expires_in: number;
  @Field(() => String, { nullable: true }) refresh_token: string | null;
  @Field() scope: string;
}

/** RFC 7662 2.2 introspection response (absent members are null; the presenter drops them). */
@ObjectType({ description: 'Token introspection response (RFC 7662).' })
export class OAuthIntrospection {
  @Field() active: boolean;
  @Field(() => String, { nullable: true }) scope?: string | null;
  @Field(() => String, { nullable: true }) client_id?: string | null;
  @Field(() => String, { nullable: true }) token_type?: string | null;
  @Field(() => Int, { nullable: true }) exp?: number | null;
  @Field(() => Int, { nullable: true }) iat?: number | null;
  @Field(() => String, { nullable: true }) sub?: string | null;
  @Field(() => String, { nullable: true }) aud?: string | null;
  @Field(() => String, { nullable: true }) iss?: string | null;
  @Field(() => String, { nullable: true }) jti?: string | null;
  @Field(() => String, { nullable: true, description: 'Tenant of the token (extension).' }) tenant_id?: string | null;
}

/** RFC 8414 authorization server metadata. */
@ObjectType({ description: 'Authorization server metadata (RFC 8414).' })
export class OAuthServerMetadata {
  @Field() issuer: string;
  @Field() authorization_endpoint: string;
  @Field() token_endpoint: string;
  @Field() revocation_endpoint: string;
  @Field() introspection_endpoint: string;
  @Field() registration_endpoint: string;
  @Field(() => [String]) scopes_supported: string[];
  @Field(() => [String]) response_types_supported: string[];
  @Field(() => [String]) response_modes_supported: string[];
  @Field(() => [String]) grant_types_supported: string[];
  @Field(() => [String]) token_endpoint_auth_methods_supported: string[];
  @Field(() => [String]) revocation_endpoint_auth_methods_supported: string[];
  @Field(() => [String]) introspection_endpoint_auth_methods_supported: string[];
  @Field(() => [String]) code_challenge_methods_supported: string[];
  @Field() authorization_response_iss_parameter_supported: boolean;
  @Field() service_documentation: string;
}
