import type { NotificationCore, NotificationModule } from '../core';
import { ChannelRepository } from './channels.repository';
import { ChannelResolver } from './channels.resolver';
import { ChannelService } from './channels.service';

/** channels: the tenant's delivery channels and their delivery history (docs/notification-service.md). */
export function channelsModule(core: NotificationCore): NotificationModule {
  return { resolvers: [new ChannelResolver(new ChannelService(new ChannelRepository(core.db), core.config))] };
}
