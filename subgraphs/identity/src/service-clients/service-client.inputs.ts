import { ArrayMaxSize, ArrayMinSize, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';

/** Lower-case name such as `billing-worker`; `me` is reserved for GET /service-clients/me. */
export const CLIENT_ID_PATTERN = /^(?!me$)[a-z][a-z0-9._-]{1,63}$/;

@InputType()
export class RegisterServiceClientInput {
  @Field({ description: 'Client id: 2 to 64 characters, lower case, digits, `.`, `_`, `-`.' })
  @Matches(CLIENT_ID_PATTERN, { message: 'id must be 2 to 64 characters: a lower-case letter, then lower-case letters, digits, ".", "_" or "-" (not "me")' })
  id: string;
  @Field(() => [String], { description: '`<resource>:<action>` scopes the client may request.' })
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  scopes: string[];
}

@InputType({ description: 'Client-credentials grant (RFC 6749 section 4.4).' })
export class ServiceTokenInput {
  @Field() @IsString() @MinLength(1) @MaxLength(64) clientId: string;
  @Field() @IsString() @MinLength(1) @MaxLength(256) clientSecret: string;
  @Field({ nullable: true, description: 'Space-delimited scopes, a subset of the client\'s; omitted: all of them.' })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  scope?: string;
}

@ArgsType()
export class ServiceClientListArgs extends PageArgs {}
