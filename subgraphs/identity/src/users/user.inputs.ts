import { ArrayMaxSize, IsEmail, IsInt, IsOptional, IsString, Length, MaxLength, MinLength } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

@InputType()
export class CreateUserInput {
  @Field() @IsEmail() @MaxLength(254) email: string;
  @Field() @IsString() @Length(1, 100) firstName: string;
  @Field() @IsString() @Length(1, 100) lastName: string;
  @Field() @IsString() @MinLength(PASSWORD_MIN) @MaxLength(PASSWORD_MAX) password: string;
  @Field(() => [Int], { nullable: true, description: 'Roles to grant; USER when omitted.' })
  @IsOptional()
  @IsInt({ each: true })
  @ArrayMaxSize(50)
  roleIds?: number[];
}

@ArgsType()
export class UserListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Matches name or e-mail, case-insensitive; every word must match.' })
  @IsOptional()
  @MaxLength(200)
  search?: string;
}

@InputType({ description: 'Administrator update of a user; omitted fields are left unchanged.' })
export class UpdateUserInput {
  @Field({ nullable: true, description: 'Unique within the tenant.' }) @IsOptional() @IsEmail() @MaxLength(254) email?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 100) firstName?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 100) lastName?: string;
}

@InputType({ description: 'Update of the caller\'s own profile; omitted fields are left unchanged.' })
export class UpdateProfileInput {
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 100) firstName?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 100) lastName?: string;
}

@InputType({ description: 'Change of the caller\'s own password.' })
export class ChangeMyPasswordInput {
  @Field() @IsString() @MinLength(1) @MaxLength(1024) currentPassword: string;
  @Field() @IsString() @MinLength(PASSWORD_MIN) @MaxLength(PASSWORD_MAX) newPassword: string;
}
