import type { PrismaClient } from '@dataplat/db';
import { buildModularSchema, type PlatformConfig } from '@dataplat/kit';
import type { GraphQLSchema } from 'graphql';
import { channelsModule } from './channels/channels.module';
import type { NotificationCore, NotificationModule, UserLookup } from './core';
import { inboxModule } from './inbox/inbox.module';

export interface NotificationDeps {
  db: PrismaClient;
  config: PlatformConfig;
  /** Identity's users (recipients of sent notifications). */
  users?: UserLookup;
}

/** Every domain of the notification subgraph. */
const MODULES = [inboxModule, channelsModule];

/** Wires the modules on one shared core and builds the notification subgraph schema. */
export async function buildNotificationSchema({ db, config, users }: NotificationDeps): Promise<GraphQLSchema> {
  const core: NotificationCore = { db, config, users };
  const modules: NotificationModule[] = MODULES.map((m) => m(core));
  return buildModularSchema(modules);
}
