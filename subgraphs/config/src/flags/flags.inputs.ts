import { ArrayMaxSize, IsBoolean, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { PageArgs } from '@dataplat/kit';
import { FLAG_KEY } from './definition';
import { FlagRule, FlagVariant } from './flags.type';

@InputType()
export class CreateFeatureFlagInput {
  @Field() @Matches(FLAG_KEY) key: string;
  @Field(() => String, { nullable: true, description: 'The key when omitted.' }) @IsOptional() @IsString() @Length(1, 200) name?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(2000) description?: string;
  @Field({ defaultValue: false }) @IsBoolean() enabled: boolean;
  @Field(() => [FlagRule], { defaultValue: [] }) @ArrayMaxSize(50) rules: FlagRule[];
  @Field(() => [FlagVariant], { defaultValue: [] }) @ArrayMaxSize(100) variants: FlagVariant[];
}

@InputType({ description: 'Fields left out are unchanged; rules and variants are replaced as a whole.' })
export class UpdateFeatureFlagInput {
  @Field(() => String, { nullable: true }) @IsOptional() @IsString() @Length(1, 200) name?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(2000) description?: string;
  @Field(() => Boolean, { nullable: true }) @IsOptional() @IsBoolean() enabled?: boolean;
  @Field(() => [FlagRule], { nullable: true }) @IsOptional() @ArrayMaxSize(50) rules?: FlagRule[];
  @Field(() => [FlagVariant], { nullable: true }) @IsOptional() @ArrayMaxSize(100) variants?: FlagVariant[];
}

@InputType({ description: 'Evaluation context besides the caller (userId, tenantId and roles come from the credentials).' })
export class FlagContextInput {
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) sessionId?: string;
  @Field(() => String, { nullable: true, description: 'The client address when omitted.' }) @IsOptional() @MaxLength(64) remoteAddress?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) appName?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) environment?: string;
  @Field(() => String, { nullable: true, description: 'ISO 8601; now when omitted.' }) @IsOptional() @MaxLength(64) currentTime?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Custom fields (string values) for constraints and stickiness.' })
  @IsOptional()
  properties?: Record<string, unknown>;
}

@ArgsType()
export class FeatureFlagListArgs extends PageArgs {
  @Field(() => Boolean, { nullable: true }) @IsOptional() enabled?: boolean;
}

export const MAX_EVALUATE_KEYS = 100;
@ArgsType()
export class EvaluateFlagsArgs {
  @Field(() => [String]) @ArrayMaxSize(MAX_EVALUATE_KEYS) keys: string[];
  @Field(() => FlagContextInput, { nullable: true }) context?: FlagContextInput;
}
