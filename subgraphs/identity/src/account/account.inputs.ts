import { IsEmail, IsOptional, IsString, IsUUID, Length, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { PASSWORD_MAX, PASSWORD_MIN } from '../users/user.inputs';

@InputType()
export class RegisterInput {
  @Field() @IsEmail() @MaxLength(254) email: string;
  @Field() @IsString() @MinLength(PASSWORD_MIN) @MaxLength(PASSWORD_MAX) password: string;
  @Field() @IsString() @Length(1, 100) firstName: string;
  @Field() @IsString() @Length(1, 100) lastName: string;
  @Field(() => ID) @IsUUID() tenantId: string;
}

@InputType()
export class VerifyEmailInput {
  @Field({ description: 'The code from the verification e-mail.' }) @IsString() @Length(16, 200) code: string;
}

@InputType()
export class ForgotPasswordInput {
  @Field() @IsEmail() @MaxLength(254) email: string;
  @Field({ nullable: true, description: 'Tenant, when the e-mail exists in several.' })
  @IsOptional()
  @IsString()
  @MaxLength(63)
  tenantSlug?: string;
}

@InputType()
export class ResetPasswordInput {
  @Field({ description: 'The code from the password-reset e-mail.' }) @IsString() @Length(16, 200) token: string;
  @Field() @IsString() @MinLength(PASSWORD_MIN) @MaxLength(PASSWORD_MAX) newPassword: string;
}
