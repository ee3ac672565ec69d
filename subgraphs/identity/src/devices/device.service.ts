import { DomainError, ErrorCode, paginate, pageWindow, SortOrder, type ClientInfo, type Page, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import { ownerOf } from '../sessions/owner';
import type { SessionService } from '../sessions/session.service';
import { SORTABLE_DEVICE_FIELDS, type BlockDeviceInput, type DeviceListArgs, type DeviceSortField, type RegisterDeviceInput } from './device.inputs';
import type { DeviceDetails, DeviceRepository } from './device.repository';
import type { Device } from './device.type';
import { nameFromUserAgent, parseUserAgent } from './user-agent';

/**
 * The caller's own devices (spec 1 "Devices" and "States and transitions"):
 *
 * | request | device state | result |
 * |---|---|---|
 * | trust | untrusted, below the maximum | trusted |
 * | trust | untrusted, at the maximum | 400 DPF-IAM-042 |
 * | trust | trusted | unchanged (idempotent) |
 * | trust | blocked | 409 DPF-IAM-044: unblock first |
 * | untrust | any | untrusted (idempotent) |
 * | block | not blocked | blocked, trust dropped, its active sessions revoked |
 * | block | blocked | 409 DPF-IAM-045 (the first block's time and reason are kept) |
 * | unblock | any | not blocked (idempotent) |
 * | remove | not blocked | deleted |
 * | remove | blocked | 409 DPF-IAM-044: removing it would silently lift the block |
 */
export class DeviceService {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly sessions: SessionService,
    private readonly maxTrusted: number,
  ) {}

  async list(principal: Principal, args: DeviceListArgs, trustedOnly: boolean): Promise<Page<Device>> {
    const sort = (args.sort ?? 'lastSeenAt') as DeviceSortField;
    if (!SORTABLE_DEVICE_FIELDS.includes(sort)) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `Cannot sort by "${args.sort}"`, { field: 'sort', allowed: [...SORTABLE_DEVICE_FIELDS] });
    }
    const { devices, total } = await this.devices.list(ownerOf(principal), {
      trustedOnly,
      ...pageWindow(args),
      sort,
      order: args.order === SortOrder.ASC ? 'asc' : 'desc',
    });
    return { data: devices, pagination: paginate(args.page, args.size, total) };
  }

  /** Registers a fingerprint, or updates its details and records another use. */
  async register(principal: Principal, input: RegisterDeviceInput, client: ClientInfo): Promise<Device> {
    const { fingerprint, ...given } = input;
    const explicit = Object.fromEntries(Object.entries(given).filter(([, v]) => v != null).map(([k, v]) => [k, (v as string).trim()])) as DeviceDetails;
    return this.devices.recordUse(ownerOf(principal), fingerprint, detailsFromUserAgent(client.userAgent), explicit, client);
  }

  async trust(principal: Principal, id: number): Promise<Device> {
    const { outcome, device } = await this.devices.trust(ownerOf(principal), id, this.maxTrusted);
    switch (outcome) {
      case 'not_found':
        throw new DomainError(IdentityError.DEVICE_NOT_FOUND);
      case 'blocked':
        throw new DomainError(IdentityError.DEVICE_IS_BLOCKED, 'The device is blocked: unblock it before trusting it');
      case 'limit':
        throw new DomainError(IdentityError.TRUSTED_DEVICE_LIMIT, undefined, { maxTrustedDevices: this.maxTrusted });
      default:
        return device!;
    }
  }

  async untrust(principal: Principal, id: number): Promise<Device> {
    return found(await this.devices.untrust(ownerOf(principal), id));
  }

  async untrustAll(principal: Principal): Promise<number> {
    return this.devices.untrustAll(ownerOf(principal));
  }

  async rename(principal: Principal, id: number, deviceName: string): Promise<Device> {
    return found(await this.devices.rename(ownerOf(principal), id, deviceName.trim()));
  }

  /** Blocks the device and revokes the sessions opened from it (the caller's own included). */
  async block(principal: Principal, id: number, input: BlockDeviceInput | undefined, client: ClientInfo): Promise<Device> {
    const owner = ownerOf(principal);
    const reason = input?.reason?.trim() || null;
    const blocked = await this.devices.block(owner, id, reason);
    if (!blocked) {
      found(await this.devices.findOne(owner, id));
      throw new DomainError(IdentityError.DEVICE_ALREADY_BLOCKED);
    }
    await this.sessions.revokeDeviceSessions(owner, id, client);
    return blocked;
  }

  async unblock(principal: Principal, id: number): Promise<Device> {
    return found(await this.devices.unblock(ownerOf(principal), id));
  }

  async remove(principal: Principal, id: number): Promise<boolean> {
    const owner = ownerOf(principal);
    if (await this.devices.remove(owner, id)) return true;
    found(await this.devices.findOne(owner, id));
    throw new DomainError(IdentityError.DEVICE_IS_BLOCKED, 'The device is blocked: unblock it before removing it');
  }
}

function found(device: Device | null): Device {
  if (!device) throw new DomainError(IdentityError.DEVICE_NOT_FOUND);
  return device;
}

/** Details of a new device the client did not name: parsed from its user agent. */
export function detailsFromUserAgent(userAgent: string | null): DeviceDetails {
  const ua = parseUserAgent(userAgent);
  return {
    deviceName: nameFromUserAgent(userAgent),
    deviceType: ua.deviceType ?? null,
    browser: ua.browser ?? null,
    browserVersion: ua.browserVersion ?? null,
    os: ua.os ?? null,
    osVersion: ua.osVersion ?? null,
  };
}
