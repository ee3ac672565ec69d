import { ArrayMaxSize, IsBoolean, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';
import { ChannelKind, MAX_RECIPIENTS, MAX_URL_LENGTH } from './channel-config';

export const CATEGORY = /^[a-z0-9][a-z0-9._-]{0,99}$/;

@InputType()
export class CreateNotificationChannelInput {
  @Field() @IsString() @Length(1, 100) name: string;
  @Field(() => ChannelKind) kind: ChannelKind;
  @Field(() => String, { nullable: true, description: 'CHAT and WEBHOOK: https URL (http to a loopback host outside production).' })
  @IsOptional()
  @MaxLength(MAX_URL_LENGTH)
  url?: string;
  @Field(() => [String], { nullable: true, description: 'EMAIL: 1 to 20 addresses.' })
  @IsOptional()
  @ArrayMaxSize(MAX_RECIPIENTS)
  @MaxLength(254, { each: true })
  recipients?: string[];
  @Field(() => [String], { defaultValue: [], description: 'Categories delivered; empty: every category.' })
  @ArrayMaxSize(50)
  @Matches(CATEGORY, { each: true })
  categories: string[];
  @Field({ defaultValue: true }) @IsBoolean() enabled: boolean;
}

@ArgsType()
export class ChannelListArgs extends PageArgs {
  @Field(() => ChannelKind, { nullable: true }) @IsOptional() kind?: ChannelKind;
}

@ArgsType()
export class DeliveryListArgs extends PageArgs {
  @Field() channelId: string;
  @Field(() => String, { nullable: true, description: 'PENDING, DELIVERED or FAILED.' })
  @IsOptional()
  @Matches(/^(PENDING|DELIVERED|FAILED)$/)
  status?: string;
}
