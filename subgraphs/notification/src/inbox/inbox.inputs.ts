import { IsBoolean, IsOptional, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { PageArgs } from '@dataplat/kit';
import { CATEGORY } from '../channels/channels.inputs';
import { NotificationSeverity } from './inbox.type';

@ArgsType()
export class NotificationListArgs extends PageArgs {
  @Field(() => Boolean, { nullable: true, description: 'true: unread only; false: read only.' }) @IsOptional() @IsBoolean() unread?: boolean;
  @Field(() => String, { nullable: true }) @IsOptional() @Matches(CATEGORY) category?: string;
}

@InputType({ description: 'A notification to one user; delivered in-app and to the tenant channels that take its category.' })
export class SendNotificationInput {
  @Field(() => String, { nullable: true, description: 'Target tenant: required of service tokens; others send in their acting tenant.' })
  @IsOptional()
  @IsUUID()
  tenantId?: string;
  @Field() @IsUUID() userId: string;
  @Field() @Matches(CATEGORY) category: string;
  @Field(() => NotificationSeverity, { defaultValue: NotificationSeverity.INFO }) severity: NotificationSeverity;
  @Field() @IsString() @Length(1, 200) title: string;
  @Field() @IsString() @Length(1, 10_000) body: string;
  @Field(() => String, { nullable: true, description: 'http(s) URL or a path starting with /.' })
  @IsOptional()
  @MaxLength(2048)
  @Matches(/^(https?:\/\/[^\s]+|\/[^\s]*)$/)
  link?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Structured data, at most 16 KiB as JSON.' }) @IsOptional() data?: Record<string, unknown>;
}
