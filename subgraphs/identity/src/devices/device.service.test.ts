import { DomainError, ErrorCode, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { SessionService } from '../sessions/session.service';
import { DeviceLoginGate, loginFingerprint } from './device-login';
import type { DeviceRepository, TrustOutcome } from './device.repository';
import { DeviceService, detailsFromUserAgent } from './device.service';
import type { Device } from './device.type';

const principal: Principal = { kind: 'access_token', subject: 'u1', tenantId: 't-acting', homeTenantId: 't1', roles: ['USER'], scopes: [], sessionId: 3 };
const device = (over: Partial<Device> = {}): Device => ({
  id: 1, deviceName: 'd', deviceType: null, browser: null, browserVersion: null, os: null, osVersion: null,
  trusted: false, trustedAt: null, blocked: false, blockedAt: null, blockedReason: null, lastIpAddress: null,
  lastSeenAt: new Date(), useCount: 1, createdAt: new Date(), ...over,
});

function fakeRepo(over: Partial<Record<keyof DeviceRepository, jest.Mock>> = {}) {
  return {
    list: jest.fn(async () => ({ devices: [], total: 0 })),
    findOne: jest.fn(async () => null),
    findByFingerprint: jest.fn(async () => null),
    recordUse: jest.fn(async () => device()),
    trust: jest.fn(),
    untrust: jest.fn(async () => null),
    untrustAll: jest.fn(async () => 0),
    rename: jest.fn(async () => null),
    block: jest.fn(async () => null),
    unblock: jest.fn(async () => null),
    remove: jest.fn(async () => false),
    ...over,
  } as unknown as DeviceRepository & Record<string, jest.Mock>;
}

const sessions = { revokeDeviceSessions: jest.fn(async () => [3]) } as unknown as SessionService & { revokeDeviceSessions: jest.Mock };
const client = { ip: '203.0.113.1', userAgent: null };

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
  return 'no error';
};

describe('DeviceService', () => {
  it('acts on the caller\'s home tenant, not the acting tenant', async () => {
    const repo = fakeRepo({ untrustAll: jest.fn(async () => 2) });
    await new DeviceService(repo, sessions, 5).untrustAll(principal);
    expect(repo.untrustAll).toHaveBeenCalledWith({ tenantId: 't1', userId: 'u1' });
  });

  it.each<[TrustOutcome, string]>([
    ['not_found', IdentityError.DEVICE_NOT_FOUND],
    ['blocked', IdentityError.DEVICE_IS_BLOCKED],
    ['limit', IdentityError.TRUSTED_DEVICE_LIMIT],
  ])('trust outcome %s is %s', async (outcome, code) => {
    const repo = fakeRepo({ trust: jest.fn(async () => ({ outcome, device: device() })) });
    expect(await codeOf(new DeviceService(repo, sessions, 5).trust(principal, 1))).toBe(code);
  });

  it('trust passes the configured maximum and returns the device when trusted or already trusted', async () => {
    for (const outcome of ['trusted', 'already_trusted'] as const) {
      const repo = fakeRepo({ trust: jest.fn(async () => ({ outcome, device: device({ trusted: true }) })) });
      await expect(new DeviceService(repo, sessions, 3).trust(principal, 1)).resolves.toMatchObject({ trusted: true });
      expect(repo.trust).toHaveBeenCalledWith({ tenantId: 't1', userId: 'u1' }, 1, 3);
    }
  });

  it('block: 404 for no device, 409 for a blocked one; a new block revokes the device\'s sessions', async () => {
    expect(await codeOf(new DeviceService(fakeRepo(), sessions, 5).block(principal, 1, undefined, client))).toBe(IdentityError.DEVICE_NOT_FOUND);
    const blocked = fakeRepo({ findOne: jest.fn(async () => device({ blocked: true })) });
    expect(await codeOf(new DeviceService(blocked, sessions, 5).block(principal, 1, undefined, client))).toBe(IdentityError.DEVICE_ALREADY_BLOCKED);
    const ok = fakeRepo({ block: jest.fn(async () => device({ blocked: true })) });
    await new DeviceService(ok, sessions, 5).block(principal, 1, { reason: '  lost  ' }, client);
    expect(ok.block).toHaveBeenCalledWith({ tenantId: 't1', userId: 'u1' }, 1, 'lost');
    expect(sessions.revokeDeviceSessions).toHaveBeenCalledWith({ tenantId: 't1', userId: 'u1' }, 1, client);
  });

  it('remove: 404 for no device, 409 for a blocked one', async () => {
    expect(await codeOf(new DeviceService(fakeRepo(), sessions, 5).remove(principal, 1))).toBe(IdentityError.DEVICE_NOT_FOUND);
    const blocked = fakeRepo({ findOne: jest.fn(async () => device({ blocked: true })) });
    expect(await codeOf(new DeviceService(blocked, sessions, 5).remove(principal, 1))).toBe(IdentityError.DEVICE_IS_BLOCKED);
  });

  it('register: explicit values (trimmed) update, user-agent details only fill a new device', async () => {
    const repo = fakeRepo();
    const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
    await new DeviceService(repo, sessions, 5).register(principal, { fingerprint: 'fp', deviceName: ' Laptop ', os: undefined }, { ip: null, userAgent: ua });
    expect(repo.recordUse).toHaveBeenCalledWith({ tenantId: 't1', userId: 'u1' }, 'fp', detailsFromUserAgent(ua), { deviceName: 'Laptop' }, { ip: null, userAgent: ua });
  });

  it('list refuses unknown sort fields and sorts newest first by default', async () => {
    const repo = fakeRepo();
    const service = new DeviceService(repo, sessions, 5);
    expect(await codeOf(service.list(principal, { page: 0, size: 20, sort: 'fingerprint' }, false))).toBe(ErrorCode.VALIDATION_FAILED);
    await service.list(principal, { page: 1, size: 10 }, true);
    expect(repo.list).toHaveBeenCalledWith({ tenantId: 't1', userId: 'u1' }, { trustedOnly: true, skip: 10, take: 10, sort: 'lastSeenAt', order: 'desc' });
  });

  it('refuses a service token (it has no own devices)', async () => {
    expect(await codeOf(new DeviceService(fakeRepo(), sessions, 5).untrustAll({ ...principal, kind: 'service_token' }))).toBe(ErrorCode.AUTHENTICATION_REQUIRED);
  });
});

describe('loginFingerprint', () => {
  it('prefers the body over the header; blanks count as absent', () => {
    expect(loginFingerprint('body-fp', 'header-fp')).toBe('body-fp');
    expect(loginFingerprint(undefined, 'header-fp')).toBe('header-fp');
    expect(loginFingerprint('  ', ' header-fp ')).toBe('header-fp');
    expect(loginFingerprint(null, '')).toBeUndefined();
  });

  it('refuses malformed values with 400', () => {
    expect(() => loginFingerprint(undefined, 'with space')).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
    expect(() => loginFingerprint(undefined, 'x'.repeat(257))).toThrow(DomainError);
  });
});

describe('DeviceLoginGate', () => {
  const user = { tenantId: 't1', id: 'u1' };

  it('refuses a blocked device without recording a use', async () => {
    const repo = fakeRepo({ findByFingerprint: jest.fn(async () => device({ blocked: true })) });
    expect(await codeOf(new DeviceLoginGate(repo, policy(true)).admit(user, 'fp', client))).toBe(IdentityError.DEVICE_BLOCKED);
    expect(repo.recordUse).not.toHaveBeenCalled();
  });

  it('refuses a device blocked while the login ran', async () => {
    const repo = fakeRepo({ recordUse: jest.fn(async () => device({ blocked: true })) });
    expect(await codeOf(new DeviceLoginGate(repo, policy(true)).admit(user, 'fp', client))).toBe(IdentityError.DEVICE_BLOCKED);
  });

  it('records a use and returns what the session stores', async () => {
    const repo = fakeRepo({ recordUse: jest.fn(async () => device({ id: 9, deviceName: 'Phone', trusted: true })) });
    await expect(new DeviceLoginGate(repo, policy(true)).admit(user, 'fp', client)).resolves.toEqual({ id: 9, fingerprint: 'fp', deviceName: 'Phone', trusted: true });
    expect(repo.recordUse).toHaveBeenCalledWith({ tenantId: 't1', userId: 'u1' }, 'fp', detailsFromUserAgent(null), {}, client);
  });

  const policy = (skip: boolean) => ({ trustedDevicesSkipMfa: jest.fn(async () => skip) });
  const login = (trusted: boolean) => ({ id: 1, fingerprint: 'fp', deviceName: null, trusted });

  it('requires MFA without a device or from an untrusted one, whatever the policy', async () => {
    for (const skip of [true, false]) {
      const gate = new DeviceLoginGate(fakeRepo(), policy(skip));
      await expect(gate.mfaRequiredForDevice(user, null)).resolves.toBe(true);
      await expect(gate.mfaRequiredForDevice(user, login(false))).resolves.toBe(true);
    }
  });

  it('lets a trusted device skip MFA only when the tenant policy says so', async () => {
    const skip = policy(true);
    await expect(new DeviceLoginGate(fakeRepo(), skip).mfaRequiredForDevice(user, login(true))).resolves.toBe(false);
    expect(skip.trustedDevicesSkipMfa).toHaveBeenCalledWith('t1');
    await expect(new DeviceLoginGate(fakeRepo(), policy(false)).mfaRequiredForDevice(user, login(true))).resolves.toBe(true);
  });

  it('resumes a device after the challenge: blocked meanwhile is 403, removed meanwhile is none', async () => {
    await expect(new DeviceLoginGate(fakeRepo({ findByFingerprint: jest.fn(async () => device({ id: 4, trusted: true })) }), policy(true)).resume(user, 'fp')).resolves.toEqual({ id: 4, fingerprint: 'fp', deviceName: 'd', trusted: true });
    expect(await codeOf(new DeviceLoginGate(fakeRepo({ findByFingerprint: jest.fn(async () => device({ blocked: true })) }), policy(true)).resume(user, 'fp'))).toBe(IdentityError.DEVICE_BLOCKED);
    await expect(new DeviceLoginGate(fakeRepo(), policy(true)).resume(user, 'fp')).resolves.toBeNull();
  });
});
