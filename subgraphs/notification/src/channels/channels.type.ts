import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';
import { ChannelKind } from './channel-config';

registerEnumType(ChannelKind, { name: 'NotificationChannelKind', description: 'CHAT (incoming-webhook URL), EMAIL (addresses) or WEBHOOK (signed HTTP POST).' });

@ObjectType({ description: 'A delivery channel of the tenant (docs/notification-service.md "Channels").' })
export class NotificationChannel {
  @Field(() => ID) id: string;
  @Field() tenantId: string;
  @Field() name: string;
  @Field(() => ChannelKind) kind: ChannelKind;
  @Field() enabled: boolean;
  @Field(() => String, { nullable: true, description: 'CHAT and WEBHOOK: the target URL.' }) url: string | null;
  @Field(() => [String], { description: 'EMAIL: the recipient addresses.' }) recipients: string[];
  @Field(() => [String], { description: 'Categories delivered; empty: every category.' }) categories: string[];
  @Field(() => String, {
    nullable: true,
    description: 'CHAT and WEBHOOK: the HMAC-SHA256 signing secret, returned once by the creation only (null everywhere else).',
  })
  signingSecret: string | null;
  @Field(() => String, { nullable: true }) createdBy: string | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType()
export class NotificationChannelPage extends Paginated(NotificationChannel, 'NotificationChannelPage') {}

@ObjectType({ description: 'One try of a delivery.' })
export class NotificationDeliveryAttempt {
  @Field(() => Int) attempt: number;
  @Field({ description: 'SUCCEEDED or FAILED.' }) status: string;
  @Field(() => Int, { nullable: true, description: 'HTTP status of the receiver (CHAT, WEBHOOK).' }) responseCode: number | null;
  @Field(() => Int) latencyMs: number;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field() createdAt: Date;
}

@ObjectType({ description: 'One message to one channel in the outbox, with its attempts.' })
export class NotificationDelivery {
  @Field(() => ID) id: string;
  @Field() channelId: string;
  @Field(() => String, { nullable: true }) notificationId: string | null;
  @Field({ description: 'PENDING, DELIVERED or FAILED.' }) status: string;
  @Field(() => Int) attempts: number;
  @Field() nextAttemptAt: Date;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => Date, { nullable: true }) deliveredAt: Date | null;
  @Field() createdAt: Date;
  @Field(() => [NotificationDeliveryAttempt]) attemptLog: NotificationDeliveryAttempt[];
}

@ObjectType()
export class NotificationDeliveryPage extends Paginated(NotificationDelivery, 'NotificationDeliveryPage') {}
