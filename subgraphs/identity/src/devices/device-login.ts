import { DomainError, ErrorCode, type ClientInfo } from '@dataplat/kit';
import { IdentityError } from '../errors';
import { FINGERPRINT, FINGERPRINT_MESSAGE } from './device.inputs';
import type { DeviceRepository } from './device.repository';
import { detailsFromUserAgent } from './device.service';

/** The account a login is for. */
export interface LoginUser {
  tenantId: string;
  id: string;
}

/** The device a login comes from, as the session row records it. */
export interface LoginDevice {
  id: number;
  fingerprint: string;
  deviceName: string | null;
  trusted: boolean;
}

/**
 * The fingerprint of a login: the body's `deviceFingerprint` wins over the
 * `X-Device-Fingerprint` header (the explicit per-request value over an ambient one).
 * Blank values count as absent. The header is validated here; the body field by LoginInput.
 */
export function loginFingerprint(fromBody?: string | null, fromHeader?: string | null): string | undefined {
  const value = fromBody?.trim() || fromHeader?.trim() || undefined;
  if (value !== undefined && !FINGERPRINT.test(value)) {
    throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Invalid input', [{ field: 'deviceFingerprint', constraints: [`deviceFingerprint ${FINGERPRINT_MESSAGE}`] }]);
  }
  return value;
}

/** The tenant security setting that lets trusted devices skip MFA (spec 1, Authentication rule 5). */
export interface TrustedDevicePolicy {
  trustedDevicesSkipMfa(tenantId: string): Promise<boolean>;
}

/** What login asks of devices: admit the device (or refuse it) and whether MFA applies. */
export class DeviceLoginGate {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly policy: TrustedDevicePolicy,
  ) {}

  /**
   * Called once the credentials are proven. A blocked device is refused with 403
   * DPF-IAM-043; otherwise the device is registered (details from the user agent) or its
   * use recorded, exactly as POST /devices/register does. Checked before and after the
   * write, so a refused attempt is not counted as a use and a concurrent block still wins.
   */
  async admit(user: LoginUser, fingerprint: string, client: ClientInfo): Promise<LoginDevice> {
    const owner = { tenantId: user.tenantId, userId: user.id };
    if ((await this.devices.findByFingerprint(owner, fingerprint))?.blocked) throw new DomainError(IdentityError.DEVICE_BLOCKED);
    const device = await this.devices.recordUse(owner, fingerprint, detailsFromUserAgent(client.userAgent), {}, client);
    if (device.blocked) throw new DomainError(IdentityError.DEVICE_BLOCKED);
    return { id: device.id, fingerprint, deviceName: device.deviceName, trusted: device.trusted };
  }

  /**
   * Whether the login of an MFA-enabled user needs the challenge because of its device:
   * always from an unknown device (`device` null when the login sent no fingerprint) or an
   * untrusted one; from a trusted device only when the tenant's policy says trusted devices
   * do not skip MFA. Blocked devices never get here (admit refuses them).
   */
  async mfaRequiredForDevice(user: LoginUser, device: LoginDevice | null): Promise<boolean> {
    if (!device?.trusted) return true;
    return !(await this.policy.trustedDevicesSkipMfa(user.tenantId));
  }

  /**
   * The device of a login resumed after its MFA challenge: 403 DPF-IAM-043 when it was
   * blocked meanwhile, null when it was removed meanwhile.
   */
  async resume(user: LoginUser, fingerprint: string): Promise<LoginDevice | null> {
    const device = await this.devices.findByFingerprint({ tenantId: user.tenantId, userId: user.id }, fingerprint);
    if (!device) return null;
    if (device.blocked) throw new DomainError(IdentityError.DEVICE_BLOCKED);
    return { id: device.id, fingerprint, deviceName: device.deviceName, trusted: device.trusted };
  }
}
