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
