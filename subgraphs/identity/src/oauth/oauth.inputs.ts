import { ArrayMaxSize, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';

/** RFC 7591 2: client metadata a registration may send (unknown members are refused, as everywhere). */
@InputType()
export class RegisterOAuthClientInput {
  @Field() @IsString() @MinLength(1) @MaxLength(200) client_name: string;
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(20) redirect_uris?: string[];
  @Field(() => [String], { nullable: true, description: 'Default: ["authorization_code"].' }) @IsOptional() @ArrayMaxSize(5) grant_types?: string[];
  @Field(() => [String], { nullable: true, description: 'Default: ["code"] with authorization_code, else [].' }) @IsOptional() @ArrayMaxSize(2) response_types?: string[];
  @Field({ nullable: true, description: 'client_secret_basic (default), client_secret_post or none.' }) @IsOptional() token_endpoint_auth_method?: string;
  @Field({ nullable: true, description: 'Space-delimited `<resource>:<action>` scopes the client may be granted.' }) @IsOptional() @MaxLength(4000) scope?: string;
}

@ArgsType()
export class OAuthClientListArgs extends PageArgs {}

/** RFC 6749 4.1.1 authorization request parameters (unrecognised ones are never bound). */
@ArgsType()
export class AuthorizeArgs {
  @Field({ nullable: true }) response_type?: string;
  @Field({ nullable: true }) client_id?: string;
  @Field({ nullable: true }) redirect_uri?: string;
  @Field({ nullable: true }) scope?: string;
  @Field({ nullable: true }) state?: string;
  @Field({ nullable: true }) code_challenge?: string;
  @Field({ nullable: true }) code_challenge_method?: string;
}

/** Client authentication (RFC 6749 2.3.1): the Authorization header, or client_id / client_secret in the body. */
@ArgsType()
export class ClientAuthArgs {
  @Field({ nullable: true, description: 'The Authorization header (client_secret_basic).' }) authorization?: string;
  @Field({ nullable: true }) client_id?: string;
  @Field({ nullable: true }) client_secret?: string;
}

/** RFC 6749 4.1.3, 4.4.2 and 6 token request parameters. */
@ArgsType()
export class TokenArgs extends ClientAuthArgs {
  @Field({ nullable: true }) grant_type?: string;
  @Field({ nullable: true }) code?: string;
  @Field({ nullable: true }) redirect_uri?: string;
  @Field({ nullable: true }) code_verifier?: string;
  @Field({ nullable: true }) refresh_token?: string;
  @Field({ nullable: true }) scope?: string;
}

/** RFC 7009 2.1 and RFC 7662 2.1 parameters. */
@ArgsType()
export class TokenLookupArgs extends ClientAuthArgs {
  @Field({ nullable: true }) token?: string;
  @Field({ nullable: true }) token_type_hint?: string;
}
