import type { NotificationCore, NotificationModule } from '../core';
import { InboxRepository } from './inbox.repository';
import { InboxResolver } from './inbox.resolver';
import { InboxService } from './inbox.service';

/** inbox: each user's notifications, and sending them (docs/notification-service.md). */
export function inboxModule(core: NotificationCore): NotificationModule {
  return { resolvers: [new InboxResolver(new InboxService(new InboxRepository(core.db), core.users))] };
}
