import { randomUUID } from 'node:crypto';
import { DomainError, ErrorCode, isUuid, paginate, pageWindow, ServiceCallError, type Page, type Principal } from '@dataplat/kit';
import { NotificationError } from '../errors';
import { actingTenant, inboxOwner, type UserLookup } from '../core';
import type { DeliveryPayload } from '../delivery/senders';
import type { NotificationListArgs, SendNotificationInput } from './inbox.inputs';
import type { InboxRepository, NotificationRow } from './inbox.repository';
import type { Notification, NotificationSeverity } from './inbox.type';

export const MAX_DATA_BYTES = 16 * 1024;

/** Each user's notifications (only their own: tenant and user filtered), and sending them. */
export class InboxService {
  constructor(
    private readonly repo: InboxRepository,
    private readonly users?: UserLookup,
  ) {}

  async list(p: Principal, args: NotificationListArgs): Promise<Page<Notification>> {
    const { tenantId, userId } = inboxOwner(p);
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list(tenantId, userId, { unread: args.unread, category: args.category }, skip, take);
    return { data: rows.map(toNotification), pagination: paginate(args.page, args.size, total) };
  }

  async get(p: Principal, id: string): Promise<Notification> {
    const { tenantId, userId } = inboxOwner(p);
    return toNotification(found(isUuid(id) ? await this.repo.find(tenantId, userId, id) : null));
  }

  async markRead(p: Principal, id: string): Promise<Notification> {
    const { tenantId, userId } = inboxOwner(p);
    return toNotification(found(isUuid(id) ? await this.repo.markRead(tenantId, userId, id) : null));
  }

  async markAllRead(p: Principal): Promise<{ updated: number }> {
    const { tenantId, userId } = inboxOwner(p);
    return { updated: await this.repo.markAllRead(tenantId, userId) };
  }

  async delete(p: Principal, id: string): Promise<boolean> {
    const { tenantId, userId } = inboxOwner(p);
    if (!isUuid(id) || !(await this.repo.delete(tenantId, userId, id))) throw new DomainError(NotificationError.NOTIFICATION_NOT_FOUND);
    return true;
  }

  /**
   * Sends a notification to a user of a tenant: a service token names the tenant, anyone else
   * sends in the tenant they act in. It is stored for the user and queued, in the same
   * transaction, for every enabled channel of the tenant that takes its category.
   */
  async send(p: Principal, input: SendNotificationInput): Promise<Notification> {
    const tenantId = targetTenant(p, input.tenantId);
    const data = input.data ?? {};
    if (Buffer.byteLength(JSON.stringify(data)) > MAX_DATA_BYTES) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, undefined, [{ field: 'data', constraints: { maxSize: `at most ${MAX_DATA_BYTES} bytes as JSON` } }]);
    }
    if (!(await this.recipientExists(tenantId, input.userId))) throw new DomainError(NotificationError.RECIPIENT_NOT_FOUND);
    const id = randomUUID();
    const createdAt = new Date();
    const fields = { category: input.category, severity: input.severity, title: input.title, body: input.body, link: input.link ?? null, data, source: p.subject };
    const payload: DeliveryPayload = {
      id,
      type: 'notification.created',
      tenantId,
      createdAt: createdAt.toISOString(),
      notification: { id, userId: input.userId, ...fields, createdAt: createdAt.toISOString() },
    };
    const row = await this.repo.createWithDeliveries({ id, tenantId, userId: input.userId, ...fields, createdAt }, payload);
    return toNotification(row);
  }

  /** Asked of identity (never its tables); 503 when it cannot answer. */
  private async recipientExists(tenantId: string, userId: string): Promise<boolean> {
    if (!this.users) throw new Error('the notification service was built without a user lookup');
    try {
      return await this.users.exists(tenantId, userId);
    } catch (e) {
      if (e instanceof ServiceCallError) throw new DomainError(ErrorCode.UPSTREAM_UNAVAILABLE, 'The identity service is unavailable');
      throw e;
    }
  }
}

function targetTenant(p: Principal, requested: string | undefined): string {
  if (p.kind === 'service_token') {
    if (!requested) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'tenantId is required of a service', [{ field: 'tenantId', constraints: { required: 'tenantId is required of a service' } }]);
    return requested;
  }
  const tenant = actingTenant(p);
  if (requested && requested !== tenant) throw new DomainError(ErrorCode.FORBIDDEN, 'Notifications are sent in the tenant the caller acts in');
  return tenant;
}

function found(row: NotificationRow | null): NotificationRow {
  if (!row) throw new DomainError(NotificationError.NOTIFICATION_NOT_FOUND);
  return row;
}

const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  tenantId: r.tenantId,
  userId: r.userId,
  category: r.category,
  severity: r.severity as NotificationSeverity,
  title: r.title,
  body: r.body,
  link: r.link,
  data: r.data as Record<string, unknown>,
  source: r.source,
  read: r.readAt !== null,
  readAt: r.readAt,
  createdAt: r.createdAt,
});
