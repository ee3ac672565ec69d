import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { NotificationListArgs, SendNotificationInput } from './inbox.inputs';
import type { InboxService } from './inbox.service';
import { Notification, NotificationPage, NotificationsMarkedRead } from './inbox.type';
import { NOTIFICATIONS_READ, NOTIFICATIONS_SEND, NOTIFICATIONS_WRITE } from '../permissions';

@Resolver(() => Notification)
export class InboxResolver {
  constructor(private readonly service: InboxService) {}

  @Authorized(NOTIFICATIONS_READ)
  @Query(() => NotificationPage, { description: "The caller's notifications, newest first." })
  notifications(@Args() args: NotificationListArgs, @Ctx() ctx: RequestContext): Promise<NotificationPage> {
    return this.service.list(requirePrincipal(ctx), args);
  }

  @Authorized(NOTIFICATIONS_READ)
  @Query(() => Notification, { description: "One of the caller's notifications." })
  notification(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<Notification> {
    return this.service.get(requirePrincipal(ctx), id);
  }

  @Authorized(NOTIFICATIONS_WRITE)
  @Mutation(() => Notification, { description: 'Marks one of the caller\'s notifications read (idempotent: the first read time is kept).' })
  markNotificationRead(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<Notification> {
    return this.service.markRead(requirePrincipal(ctx), id);
  }

  @Authorized(NOTIFICATIONS_WRITE)
  @Mutation(() => NotificationsMarkedRead, { description: "Marks every unread notification of the caller read." })
  markAllNotificationsRead(@Ctx() ctx: RequestContext): Promise<NotificationsMarkedRead> {
    return this.service.markAllRead(requirePrincipal(ctx));
  }

  @Authorized(NOTIFICATIONS_WRITE)
  @Mutation(() => Boolean, { description: "Deletes one of the caller's notifications." })
  deleteNotification(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.delete(requirePrincipal(ctx), id);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, NOTIFICATIONS_SEND)
  @Mutation(() => Notification, { description: 'Sends a notification to a user (Admin in its tenant; services with notifications:send in any).' })
  sendNotification(@Arg('input') input: SendNotificationInput, @Ctx() ctx: RequestContext): Promise<Notification> {
    return this.service.send(requirePrincipal(ctx), input);
  }
}
