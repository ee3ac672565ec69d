import type { Prisma, PrismaClient } from '@dataplat/db';
import { isUniqueViolation } from '@dataplat/db';
import { DomainError } from '@dataplat/kit';
import { NotificationError } from '../errors';

export type ChannelRow = Prisma.NotificationChannelGetPayload<object>;
export type DeliveryWithAttempts = Prisma.NotificationDeliveryGetPayload<{ include: { attemptLog: true } }>;

/** The only Prisma caller for channels and their delivery history; every call names its tenant. */
export class ChannelRepository {
  constructor(private readonly db: PrismaClient) {}

  async list(tenantId: string, kind: string | undefined, skip: number, take: number): Promise<{ rows: ChannelRow[]; total: number }> {
    const where: Prisma.NotificationChannelWhereInput = { tenantId, ...(kind ? { kind } : {}) };
    const [rows, total] = await this.db.$transaction([
      this.db.notificationChannel.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip, take }),
      this.db.notificationChannel.count({ where }),
    ]);
    return { rows, total };
  }

  find(tenantId: string, id: string): Promise<ChannelRow | null> {
    return this.db.notificationChannel.findFirst({ where: { tenantId, id } });
  }

  /** Creates the channel with its id chosen up front (the sealed secret is bound to it). */
  async create(data: Prisma.NotificationChannelUncheckedCreateInput): Promise<ChannelRow> {
    try {
      return await this.db.notificationChannel.create({ data });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(NotificationError.CHANNEL_EXISTS, undefined, { name: data.name });
      throw e;
    }
  }

  /** Deletes the channel and (cascade) its deliveries and attempts. */
  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await this.db.notificationChannel.deleteMany({ where: { tenantId, id } })).count > 0;
  }

  async deliveries(tenantId: string, channelId: string, status: string | undefined, skip: number, take: number): Promise<{ rows: DeliveryWithAttempts[]; total: number }> {
    const where: Prisma.NotificationDeliveryWhereInput = { tenantId, channelId, ...(status ? { status } : {}) };
    const [rows, total] = await this.db.$transaction([
      this.db.notificationDelivery.findMany({ where, include: { attemptLog: { orderBy: { attempt: 'asc' } } }, orderBy: { id: 'desc' }, skip, take }),
      this.db.notificationDelivery.count({ where }),
    ]);
    return { rows, total };
  }
}
