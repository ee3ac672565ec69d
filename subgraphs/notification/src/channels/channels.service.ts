import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError, isUuid, paginate, pageWindow, secretBoxFor, type Page, type PlatformConfig, type Principal, type SecretBox } from '@dataplat/kit';
import { NotificationError } from '../errors';
import { actingTenant } from '../core';
import { CHANNEL_SECRET_PURPOSE } from '../delivery/dispatcher';
import { ChannelKind, validateChannelConfig } from './channel-config';
import type { ChannelListArgs, CreateNotificationChannelInput, DeliveryListArgs } from './channels.inputs';
import type { ChannelRepository, ChannelRow, DeliveryWithAttempts } from './channels.repository';
import type { NotificationChannel, NotificationDelivery } from './channels.type';

/** Prefix of channel signing secrets (recognisable by secret scanners). */
export const SECRET_PREFIX = 'whsec_';

/** Channels of the acting tenant: validated configuration, signing secrets sealed at rest and shown once. */
export class ChannelService {
  private readonly box: SecretBox;

  constructor(
    private readonly repo: ChannelRepository,
    private readonly config: PlatformConfig,
  ) {
    this.box = secretBoxFor(config, CHANNEL_SECRET_PURPOSE);
  }

  async list(p: Principal, args: ChannelListArgs): Promise<Page<NotificationChannel>> {
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list(actingTenant(p), args.kind, skip, take);
    return { data: rows.map((r) => toChannel(r)), pagination: paginate(args.page, args.size, total) };
  }

  async get(p: Principal, id: string): Promise<NotificationChannel> {
    return toChannel(await this.find(actingTenant(p), id));
  }

  async create(p: Principal, input: CreateNotificationChannelInput): Promise<NotificationChannel> {
    const tenantId = actingTenant(p);
    const { url, recipients } = validateChannelConfig(input, this.config.NODE_ENV === 'production');
    const id = randomUUID();
    const secret = input.kind === ChannelKind.EMAIL ? null : `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.repo.create({
      id,
      tenantId,
      name: input.name.trim(),
      kind: input.kind,
      enabled: input.enabled,
      url,
      recipients,
      categories: [...new Set(input.categories)],
      secretSealed: secret ? this.box.seal(secret, id) : null,
      createdBy: p.subject,
    });
    return toChannel(row, secret);
  }

  async delete(p: Principal, id: string): Promise<boolean> {
    const tenantId = actingTenant(p);
    if (!isUuid(id) || !(await this.repo.delete(tenantId, id))) throw new DomainError(NotificationError.CHANNEL_NOT_FOUND);
    return true;
  }

  async deliveries(p: Principal, args: DeliveryListArgs): Promise<Page<NotificationDelivery>> {
    const tenantId = actingTenant(p);
    await this.find(tenantId, args.channelId);
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.deliveries(tenantId, args.channelId, args.status, skip, take);
    return { data: rows.map(toDelivery), pagination: paginate(args.page, args.size, total) };
  }

  private async find(tenantId: string, id: string): Promise<ChannelRow> {
    const row = isUuid(id) ? await this.repo.find(tenantId, id) : null;
    if (!row) throw new DomainError(NotificationError.CHANNEL_NOT_FOUND);
    return row;
  }
}

const toChannel = (r: ChannelRow, signingSecret: string | null = null): NotificationChannel => ({
  id: r.id,
  tenantId: r.tenantId,
  name: r.name,
  kind: r.kind as ChannelKind,
  enabled: r.enabled,
  url: r.url,
  recipients: r.recipients,
  categories: r.categories,
  signingSecret,
  createdBy: r.createdBy,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const toDelivery = (r: DeliveryWithAttempts): NotificationDelivery => ({
  id: String(r.id),
  channelId: r.channelId,
  notificationId: r.notificationId,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.nextAttemptAt,
  lastError: r.lastError,
  deliveredAt: r.deliveredAt,
  createdAt: r.createdAt,
  attemptLog: r.attemptLog.map((a) => ({ attempt: a.attempt, status: a.status, responseCode: a.responseCode, latencyMs: a.latencyMs, error: a.error, createdAt: a.createdAt })),
});
