import { type PrismaClient, isUniqueViolation } from '@dataplat/db';
import type { Owner } from '../sessions/owner';
import type { DeviceSortField } from './device.inputs';
import type { Device } from './device.type';

const DEVICE_FIELDS = {
  id: true,
  deviceName: true,
  deviceType: true,
  browser: true,
  browserVersion: true,
  os: true,
  osVersion: true,
  trusted: true,
  trustedAt: true,
  blocked: true,
  blockedAt: true,
  blockedReason: true,
  lastIpAddress: true,
  lastSeenAt: true,
  useCount: true,
  createdAt: true,
} as const;

/** Descriptive fields of a device, as registered. */
export interface DeviceDetails {
  deviceName?: string | null;
  deviceType?: string | null;
  browser?: string | null;
  browserVersion?: string | null;
  os?: string | null;
  osVersion?: string | null;
}

export interface DeviceSighting {
  ip: string | null;
  userAgent: string | null;
}

export type TrustOutcome = 'trusted' | 'already_trusted' | 'not_found' | 'blocked' | 'limit';

const own = (o: Owner) => ({ tenantId: o.tenantId, userId: o.userId });

/** The only place identity touches the devices table; every query is filtered by tenant and user. */
export class DeviceRepository {
  constructor(private readonly db: PrismaClient) {}

  async list(owner: Owner, q: { trustedOnly: boolean; skip: number; take: number; sort: DeviceSortField; order: 'asc' | 'desc' }) {
    const where = { ...own(owner), ...(q.trustedOnly ? { trusted: true } : {}) };
    const [total, devices] = await this.db.$transaction([
      this.db.device.count({ where }),
      this.db.device.findMany({ where, orderBy: [{ [q.sort]: q.order }, { id: q.order }], skip: q.skip, take: q.take, select: DEVICE_FIELDS }),
    ]);
    return { devices: devices as Device[], total };
  }

  findOne(owner: Owner, id: number): Promise<Device | null> {
    return this.db.device.findFirst({ where: { ...own(owner), id }, select: DEVICE_FIELDS });
  }

  findByFingerprint(owner: Owner, fingerprint: string): Promise<Device | null> {
    return this.db.device.findFirst({ where: { ...own(owner), fingerprint }, select: DEVICE_FIELDS });
  }

  /**
   * Registers a fingerprint or records another use of it: `created` applies only to a new
   * device, `updated` (the caller's explicit values) to both; IP, user agent, lastSeenAt
   * and useCount are updated every time. One INSERT ... ON CONFLICT DO UPDATE.
   */
  async recordUse(owner: Owner, fingerprint: string, created: DeviceDetails, updated: DeviceDetails, seen: DeviceSighting): Promise<Device> {
    const sighting = { lastIpAddress: seen.ip, lastUserAgent: seen.userAgent };
    const args = {
      where: { tenantId_userId_fingerprint: { ...own(owner), fingerprint } },
      create: { ...own(owner), fingerprint, ...created, ...updated, ...sighting },
      update: { ...updated, ...sighting, lastSeenAt: new Date(), useCount: { increment: 1 } },
      select: DEVICE_FIELDS,
    };
    try {
      return await this.db.device.upsert(args);
    } catch (e) {
      // Two first registrations racing: the loser updates the winner's row.
      if (isUniqueViolation(e)) return this.db.device.upsert(args);
      throw e;
    }
  }

  /**
   * Trusts a device unless it is blocked or the owner already has `max` trusted devices.
   * The owner's user row is locked for the check, so concurrent requests cannot pass the
   * maximum together.
   */
  trust(owner: Owner, id: number, max: number): Promise<{ outcome: TrustOutcome; device?: Device }> {
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM identity.users WHERE tenant_id = ${owner.tenantId}::uuid AND id = ${owner.userId}::uuid FOR UPDATE`;
      const device = await tx.device.findFirst({ where: { ...own(owner), id }, select: DEVICE_FIELDS });
      if (!device) return { outcome: 'not_found' as const };
      if (device.blocked) return { outcome: 'blocked' as const, device };
      if (device.trusted) return { outcome: 'already_trusted' as const, device };
      const trusted = await tx.device.count({ where: { ...own(owner), trusted: true } });
      if (trusted >= max) return { outcome: 'limit' as const, device };
      const [updated] = await tx.device.updateManyAndReturn({ where: { ...own(owner), id }, data: { trusted: true, trustedAt: new Date() }, select: DEVICE_FIELDS });
      return { outcome: 'trusted' as const, device: updated };
    });
  }

  /** Removes trust (a no-op for an untrusted device); null when there is no such device. */
  async untrust(owner: Owner, id: number): Promise<Device | null> {
    const [updated] = await this.db.device.updateManyAndReturn({
      where: { ...own(owner), id, trusted: true },
      data: { trusted: false, trustedAt: null },
      select: DEVICE_FIELDS,
    });
    return updated ?? this.findOne(owner, id);
  }

  async untrustAll(owner: Owner): Promise<number> {
    const { count } = await this.db.device.updateMany({ where: { ...own(owner), trusted: true }, data: { trusted: false, trustedAt: null } });
    return count;
  }

  async rename(owner: Owner, id: number, deviceName: string): Promise<Device | null> {
    const [updated] = await this.db.device.updateManyAndReturn({ where: { ...own(owner), id }, data: { deviceName }, select: DEVICE_FIELDS });
    return updated ?? null;
  }

  /** Blocks a device that is not blocked (and drops its trust); null when none matched. */
  async block(owner: Owner, id: number, reason: string | null): Promise<Device | null> {
    const [updated] = await this.db.device.updateManyAndReturn({
      where: { ...own(owner), id, blocked: false },
      data: { blocked: true, blockedAt: new Date(), blockedReason: reason, trusted: false, trustedAt: null },
      select: DEVICE_FIELDS,
    });
    return updated ?? null;
  }

  /** Unblocks (a no-op for a device that is not blocked); null when there is no such device. */
  async unblock(owner: Owner, id: number): Promise<Device | null> {
    const [updated] = await this.db.device.updateManyAndReturn({
      where: { ...own(owner), id, blocked: true },
      data: { blocked: false, blockedAt: null, blockedReason: null },
      select: DEVICE_FIELDS,
    });
    return updated ?? this.findOne(owner, id);
  }

  /** Deletes a device that is not blocked and detaches its sessions, in one transaction. */
  remove(owner: Owner, id: number): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.device.deleteMany({ where: { ...own(owner), id, blocked: false } });
      if (count) await tx.session.updateMany({ where: { ...own(owner), deviceId: id }, data: { deviceId: null } });
      return count > 0;
    });
  }
}
