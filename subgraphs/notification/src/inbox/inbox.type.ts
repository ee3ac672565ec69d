import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Paginated } from '@dataplat/kit';

export enum NotificationSeverity {
  INFO = 'INFO',
  WARNING = 'WARNING',
  CRITICAL = 'CRITICAL',
}
registerEnumType(NotificationSeverity, { name: 'NotificationSeverity' });

@ObjectType({ description: 'A notification for one user (docs/notification-service.md "Notifications").' })
export class Notification {
  @Field(() => ID) id: string;
  @Field() tenantId: string;
  @Field() userId: string;
  @Field({ description: 'Grouping such as billing.budget, tenant.alert, identity.security.' }) category: string;
  @Field(() => NotificationSeverity) severity: NotificationSeverity;
  @Field() title: string;
  @Field() body: string;
  @Field(() => String, { nullable: true }) link: string | null;
  @Field(() => GraphQLJSONObject) data: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: 'User id or service name that sent it.' }) source: string | null;
  @Field() read: boolean;
  @Field(() => Date, { nullable: true }) readAt: Date | null;
  @Field() createdAt: Date;
}

@ObjectType()
export class NotificationPage extends Paginated(Notification, 'NotificationPage') {}

@ObjectType()
export class NotificationsMarkedRead {
  @Field(() => Int, { description: 'Notifications that were unread and are now read.' }) updated: number;
}
