import { ArrayMaxSize, ArrayMinSize, IsEnum, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';
import { ApiKeyMode } from './api-key.type';

export const MAX_EXPIRATION_DAYS = 3650;
export const DEFAULT_EXPIRATION_DAYS = 365;
export const MAX_RATE_LIMIT = 100_000;

@InputType()
export class CreateApiKeyInput {
  @Field() @IsString() @Length(1, 100) name: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(500) description?: string;
  @Field(() => [String], { description: '`<resource>:<action>`, each held by the owner through their roles.' })
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  scopes: string[];
  @Field(() => Int, { nullable: true, description: `Days until the key expires, 1 to ${MAX_EXPIRATION_DAYS}; ${DEFAULT_EXPIRATION_DAYS} when omitted.` })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_EXPIRATION_DAYS)
  expirationDays?: number;
  @Field(() => [String], { nullable: true, description: 'CIDR ranges (IPv4 or IPv6) the key may be used from; empty or omitted: anywhere.' })
  @IsOptional()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  ipWhitelist?: string[];
  @Field(() => Int, { nullable: true, description: `Requests per minute, 1 to ${MAX_RATE_LIMIT}; the platform default when omitted.` })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_RATE_LIMIT)
  rateLimit?: number;
  @Field(() => ApiKeyMode, { nullable: true, description: 'LIVE when omitted.' })
  @IsOptional()
  @IsEnum(ApiKeyMode)
  mode?: ApiKeyMode;
}

@ArgsType()
export class ApiKeyListArgs extends PageArgs {}
