import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

/** An OAuth 2.0 client as RFC 7591 names its metadata (section 2 and 3.2.1). */
@ObjectType({ description: 'An OAuth 2.0 client (RFC 7591 field names).' })
export class OAuthClient {
  @Field(() => ID) client_id: string;
  @Field() client_name: string;
  @Field(() => [String]) redirect_uris: string[];
  @Field(() => [String]) grant_types: string[];
  @Field(() => [String]) response_types: string[];
  @Field({ description: 'client_secret_basic, client_secret_post or none (public client).' }) token_endpoint_auth_method: string;
  @Field({ description: 'Scopes the client may be granted, space-delimited.' }) scope: string;
  @Field(() => Int, { description: 'Epoch seconds.' }) client_id_issued_at: number;
  @Field(() => Int, { nullable: true, description: '0: the secret does not expire; null for public clients.' }) client_secret_expires_at: number | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType({ description: 'A client with its secret, returned once (registration, regenerate-secret).' })
export class RegisteredOAuthClient extends OAuthClient {
  @Field(() => String, { nullable: true, description: 'The client secret (null for public clients). Only its SHA-256 is kept.' }) client_secret: string | null;
}

@ObjectType()
export class OAuthClientPage extends Paginated(OAuthClient, 'OAuthClientPage') {}
