import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { ChannelListArgs, CreateNotificationChannelInput, DeliveryListArgs } from './channels.inputs';
import type { ChannelService } from './channels.service';
import { NotificationChannel, NotificationChannelPage, NotificationDeliveryPage } from './channels.type';
import { CHANNELS_READ, CHANNELS_WRITE } from '../permissions';

@Resolver(() => NotificationChannel)
export class ChannelResolver {
  constructor(private readonly service: ChannelService) {}

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, CHANNELS_READ)
  @Query(() => NotificationChannelPage, { description: "The acting tenant's notification channels (Admin)." })
  notificationChannels(@Args() args: ChannelListArgs, @Ctx() ctx: RequestContext): Promise<NotificationChannelPage> {
    return this.service.list(requirePrincipal(ctx), args);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, CHANNELS_READ)
  @Query(() => NotificationChannel, { description: 'One channel of the acting tenant (Admin).' })
  notificationChannel(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<NotificationChannel> {
    return this.service.get(requirePrincipal(ctx), id);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, CHANNELS_READ)
  @Query(() => NotificationDeliveryPage, { description: "A channel's deliveries, newest first, each with its attempts (Admin)." })
  notificationDeliveries(@Args() args: DeliveryListArgs, @Ctx() ctx: RequestContext): Promise<NotificationDeliveryPage> {
    return this.service.deliveries(requirePrincipal(ctx), args);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, CHANNELS_WRITE)
  @Mutation(() => NotificationChannel, { description: 'Creates a channel; the signing secret of CHAT and WEBHOOK channels is in this answer only (Admin).' })
  createNotificationChannel(@Arg('input') input: CreateNotificationChannelInput, @Ctx() ctx: RequestContext): Promise<NotificationChannel> {
    return this.service.create(requirePrincipal(ctx), input);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, CHANNELS_WRITE)
  @Mutation(() => Boolean, { description: 'Deletes a channel with its delivery history (Admin).' })
  deleteNotificationChannel(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.delete(requirePrincipal(ctx), id);
  }
}
