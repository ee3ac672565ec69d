import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';

@InputType()
export class LoginInput {
  @Field() @IsEmail() @MaxLength(254) email: string;
  @Field() @IsString() @MinLength(1) @MaxLength(1024) password: string;
  @Field({ nullable: true, description: 'Tenant to log in to, when the e-mail exists in several.' })
  @IsOptional()
  @IsString()
  @MaxLength(63)
  tenantSlug?: string;
}

@InputType()
export class RefreshTokenInput {
  @Field() @IsString() @MinLength(1) @MaxLength(4096) refreshToken: string;
}
