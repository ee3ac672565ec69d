import { ArrayMaxSize, IsBoolean, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { IdentityProviderKind } from './external-idp.type';

@InputType()
export class OidcSettingsInput {
  @Field({ description: 'Issuer URL; discovery is read from <issuer>/.well-known/openid-configuration.' })
  @IsString() @Length(1, 2000) issuer: string;
  @Field() @IsString() @Length(1, 500) clientId: string;
  @Field({ nullable: true, description: 'Required on create; omitted on update keeps the stored one. Never returned.' })
  @IsOptional() @IsString() @Length(1, 2000) clientSecret?: string;
  @Field(() => [String], { nullable: true, description: 'Scopes asked for; `openid` and `email` are always added.' })
  @IsOptional() @ArrayMaxSize(30) @IsString({ each: true }) @Length(1, 100, { each: true }) scopes?: string[];
}

@InputType()
export class SamlAttributeMappingInput {
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 300) email?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 300) firstName?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 300) lastName?: string;
}

@InputType()
export class SamlSettingsInput {
  @Field() @IsString() @Length(1, 1000) idpEntityId: string;
  @Field({ description: 'The IdP single sign-on URL.' }) @IsString() @Length(1, 2000) ssoUrl: string;
  @Field(() => [String], { description: 'PEM certificates of the IdP signing keys (1 to 5).' })
  @ArrayMaxSize(5) @IsString({ each: true }) @MaxLength(20000, { each: true }) certificates: string[];
  @Field(() => SamlAttributeMappingInput, { nullable: true }) @IsOptional() @ValidateNested() attributeMapping?: SamlAttributeMappingInput;
}

/** One body for create (POST) and replace (PUT): the settings block must match `kind`. */
@InputType()
export class IdentityProviderInput {
  @Field() @IsString() @Length(1, 100) name: string;
  @Field(() => IdentityProviderKind) kind: IdentityProviderKind;
  @Field({ nullable: true, defaultValue: true }) @IsOptional() @IsBoolean() enabled?: boolean;
  @Field({ nullable: true, defaultValue: false }) @IsOptional() @IsBoolean() jitProvisioning?: boolean;
  @Field({ nullable: true, defaultValue: 'USER' }) @IsOptional() @IsString() @Length(1, 100) defaultRole?: string;
  @Field(() => OidcSettingsInput, { nullable: true }) @IsOptional() @ValidateNested() oidc?: OidcSettingsInput;
  @Field(() => SamlSettingsInput, { nullable: true }) @IsOptional() @ValidateNested() saml?: SamlSettingsInput;
}
