import type { Prisma, PrismaClient } from '@dataplat/db';
import type { DeliveryPayload } from '../delivery/senders';

export type NotificationRow = Prisma.NotificationGetPayload<object>;

export interface NewNotification {
  id: string;
  tenantId: string;
  userId: string;
  category: string;
  severity: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  source: string;
  createdAt: Date;
}

/** The only Prisma caller for notifications; every call names its tenant and user. */
export class InboxRepository {
  constructor(private readonly db: PrismaClient) {}

  async list(tenantId: string, userId: string, filter: { unread?: boolean; category?: string }, skip: number, take: number): Promise<{ rows: NotificationRow[]; total: number }> {
    const where: Prisma.NotificationWhereInput = {
      tenantId,
      userId,
      ...(filter.unread === undefined ? {} : { readAt: filter.unread ? null : { not: null } }),
      ...(filter.category ? { category: filter.category } : {}),
    };
    const [rows, total] = await this.db.$transaction([
      this.db.notification.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip, take }),
      this.db.notification.count({ where }),
    ]);
    return { rows, total };
  }

  find(tenantId: string, userId: string, id: string): Promise<NotificationRow | null> {
    return this.db.notification.findFirst({ where: { tenantId, userId, id } });
  }

  /** Marks one notification read (the first read time is kept); null when it is not the user's. */
  async markRead(tenantId: string, userId: string, id: string): Promise<NotificationRow | null> {
    await this.db.notification.updateMany({ where: { tenantId, userId, id, readAt: null }, data: { readAt: new Date() } });
    return this.find(tenantId, userId, id);
  }

  async markAllRead(tenantId: string, userId: string): Promise<number> {
    return (await this.db.notification.updateMany({ where: { tenantId, userId, readAt: null }, data: { readAt: new Date() } })).count;
  }

  async delete(tenantId: string, userId: string, id: string): Promise<boolean> {
    return (await this.db.notification.deleteMany({ where: { tenantId, userId, id } })).count > 0;
  }

  /**
   * Stores the notification and, in the same transaction, one outbox delivery per enabled
   * channel of the tenant that takes its category (channels without categories take all).
   */
  async createWithDeliveries(data: NewNotification, payload: DeliveryPayload): Promise<NotificationRow> {
    return this.db.$transaction(async (tx) => {
      const row = await tx.notification.create({ data: { ...data, data: data.data as Prisma.InputJsonObject } });
      const channels = await tx.notificationChannel.findMany({
        where: { tenantId: data.tenantId, enabled: true, OR: [{ categories: { isEmpty: true } }, { categories: { has: data.category } }] },
        select: { id: true },
      });
      if (channels.length) {
        await tx.notificationDelivery.createMany({
          data: channels.map((c) => ({ tenantId: data.tenantId, channelId: c.id, notificationId: data.id, payload: payload as unknown as Prisma.InputJsonValue })),
        });
      }
      return row;
    });
  }
}
