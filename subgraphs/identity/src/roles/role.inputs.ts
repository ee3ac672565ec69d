import { ArrayMaxSize, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';

/** Role names: a letter, then letters, digits, '_', '-' or '.', at most 64 characters. */
export const ROLE_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const ROLE_NAME_MESSAGE = 'name must start with a letter and hold at most 64 letters, digits, "_", "-" or "."';
export const MAX_PERMISSION_IDS = 200;

@InputType()
export class CreateRoleInput {
  @Field() @IsString() @Matches(ROLE_NAME, { message: ROLE_NAME_MESSAGE }) name: string;
  @Field({ nullable: true, defaultValue: '' }) @IsOptional() @IsString() @MaxLength(500) description?: string;
  @Field(() => [Int], { nullable: true, description: 'Permissions the role starts with.' })
  @IsOptional()
  @IsInt({ each: true })
  @ArrayMaxSize(MAX_PERMISSION_IDS)
  permissionIds?: number[];
}

@InputType({ description: 'Omitted fields are left unchanged. System roles cannot be renamed.' })
export class UpdateRoleInput {
  @Field({ nullable: true }) @IsOptional() @IsString() @Matches(ROLE_NAME, { message: ROLE_NAME_MESSAGE }) name?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(500) description?: string;
}

@ArgsType()
export class RoleListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Matches name or description, case-insensitive; every word must match.' })
  @IsOptional()
  @MaxLength(200)
  search?: string;
}
