import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'An internal caller allowed to obtain service tokens (client credentials).' })
export class ServiceClient {
  @Field(() => ID) id: string;
  @Field(() => [String], { description: 'Scopes the client may request.' }) scopes: string[];
  @Field() enabled: boolean;
  @Field() createdAt: Date;
}

@ObjectType({ description: 'A service client with its secret, returned once (registration, secret rotation).' })
export class RegisteredServiceClient extends ServiceClient {
  @Field({ description: 'The client secret. Store it now: only its argon2 hash is kept.' }) clientSecret: string;
}

@ObjectType()
export class ServiceClientPage extends Paginated(ServiceClient, 'ServiceClientPage') {}

@ObjectType({ description: 'A service token (spec 1 "Token types": type `service`, 5 minutes).' })
export class ServiceToken {
  @Field() accessToken: string;
  @Field() tokenType: string;
  @Field(() => Int, { description: 'Seconds until the token expires.' }) expiresIn: number;
  @Field({ description: 'Granted scopes, space-delimited.' }) scope: string;
}

@ObjectType({ description: 'What the platform knows about the calling service token and its client.' })
export class ServiceIdentity {
  @Field(() => ID) clientId: string;
  @Field(() => [String], { description: 'Scopes carried by the presented token.' }) scopes: string[];
  @Field(() => [String], { description: 'Scopes the client may request today (empty when it no longer exists).' }) allowedScopes: string[];
  @Field({ description: 'False when the client has been disabled or deleted since the token was issued.' }) active: boolean;
  @Field(() => String, { nullable: true, description: 'jti of the presented token.' }) tokenId: string | null;
}
