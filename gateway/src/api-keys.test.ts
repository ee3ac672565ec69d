import { DomainError, type ApiKeyRecord } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import { ApiKeyUsageRecorder } from './api-key-usage';
import { ApiKeyAuthenticator, hashKey } from './api-keys';

const KEY = `dpk_live_${'a'.repeat(43)}`;
const OTHER = `dpk_test_${'b'.repeat(43)}`;
const T = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const U = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

function record(over: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    tenantId: T, id: 1, userId: U, mode: 'LIVE', status: 'ACTIVE', scopes: ['profile:read', 'users:read'], ipWhitelist: [], rateLimit: null,
    expiresAt: null, graceEndsAt: null, lastUsedAt: null, ownerEnabled: true, ownerRoles: ['USER'], ownerPermissions: ['profile:read'], ...over,
  };
}

function setup(initial: Record<string, ApiKeyRecord | null>, usage?: ApiKeyUsageRecorder) {
  let now = 1_000_000;
  const rows = new Map(Object.entries(initial).map(([k, v]) => [hashKey(k), v]));
  const store = { findByHash: jest.fn(async (hash: string) => rows.get(hash) ?? null) };
  const auth = new ApiKeyAuthenticator(store, { now: () => now, usage });
  return { auth, store, rows, tick: (ms: number) => (now += ms), set: (k: string, r: ApiKeyRecord | null) => rows.set(hashKey(k), r) };
}

async function code(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    return (e as DomainError).code;
  }
}

describe('ApiKeyAuthenticator', () => {
  it('authenticates as the owner with the key scopes the owner still holds', async () => {
    const { auth } = setup({ [KEY]: record({ rateLimit: 5 }) });
    const r = await auth.verify(KEY, '10.0.0.1');
    expect(r.principal).toMatchObject({ kind: 'api_key', subject: U, tenantId: T, homeTenantId: T, roles: ['USER'], scopes: ['profile:read'], tokenId: `apikey:${T}:1`, apiKeyMode: 'LIVE' });
    expect(r.rateLimit).toEqual({ key: `k:${T}:1`, perMinute: 5 });
  });

  it('refuses malformed keys without a lookup, unknown keys after one (then cached)', async () => {
    const { auth, store } = setup({});
    expect(await code(auth.verify('dpk_live_short', null))).toBe(IdentityError.API_KEY_INVALID);
    expect(store.findByHash).not.toHaveBeenCalled();
    expect(await code(auth.verify(KEY, null))).toBe(IdentityError.API_KEY_INVALID);
    expect(await code(auth.verify(KEY, null))).toBe(IdentityError.API_KEY_INVALID);
    expect(store.findByHash).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['revoked', record({ status: 'REVOKED' }), IdentityError.API_KEY_REVOKED],
    ['expired', record({ expiresAt: new Date(1_000_000) }), IdentityError.API_KEY_EXPIRED],
    ['past its rotation grace', record({ status: 'ROTATING', graceEndsAt: new Date(999_999) }), IdentityError.API_KEY_GRACE_ENDED],
    ['rotating without a rotation in progress', record({ status: 'ROTATING', graceEndsAt: null }), IdentityError.API_KEY_GRACE_ENDED],
    ['owned by a disabled user', record({ ownerEnabled: false }), IdentityError.API_KEY_OWNER_DISABLED],
    ['in an unknown state', record({ status: 'WEIRD' }), IdentityError.API_KEY_REVOKED],
  ])('refuses a key %s', async (_name, rec, expected) => {
    const { auth } = setup({ [KEY]: rec });
    expect(await code(auth.verify(KEY, null))).toBe(expected);
  });

  it('lets a rotating key work until its grace period ends, then refuses it by time alone', async () => {
    const { auth, tick, store } = setup({ [KEY]: record({ status: 'ROTATING', graceEndsAt: new Date(1_005_000) }) });
    await expect(auth.verify(KEY, null)).resolves.toBeDefined();
    tick(5_000);
    expect(await code(auth.verify(KEY, null))).toBe(IdentityError.API_KEY_GRACE_ENDED);
    expect(store.findByHash).toHaveBeenCalledTimes(1);
  });

  it('enforces the IP allow-list with 403 (IPv4, IPv6, mapped)', async () => {
    const { auth } = setup({ [KEY]: record({ ipWhitelist: ['10.0.0.0/8', '2001:db8::/32'] }) });
    await expect(auth.verify(KEY, '10.9.8.7')).resolves.toBeDefined();
    await expect(auth.verify(KEY, '::ffff:10.0.0.1')).resolves.toBeDefined();
    await expect(auth.verify(KEY, '2001:db8::42')).resolves.toBeDefined();
    for (const ip of ['192.168.0.1', '2001:db9::1', null]) {
      const err = await auth.verify(KEY, ip).catch((e) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ code: IdentityError.API_KEY_IP_NOT_ALLOWED, status: 403 });
    }
  });

  it('drops a key at once on its notification, and all keys of a user on user:<tenant>:<id>', async () => {
    const { auth, set, store } = setup({ [KEY]: record(), [OTHER]: record({ id: 2, mode: 'TEST' }) });
    await auth.verify(KEY, null);
    await auth.verify(OTHER, null);
    set(KEY, record({ status: 'REVOKED' }));
    await expect(auth.verify(KEY, null)).resolves.toBeDefined(); // cached, no notification yet
    auth.onNotification(hashKey(KEY));
    expect(await code(auth.verify(KEY, null))).toBe(IdentityError.API_KEY_REVOKED);
    set(OTHER, record({ id: 2, ownerEnabled: false }));
    auth.onNotification(`user:${T}:${U}`);
    expect(await code(auth.verify(OTHER, null))).toBe(IdentityError.API_KEY_OWNER_DISABLED);
    expect(store.findByHash).toHaveBeenCalledTimes(4);
  });

  it('re-reads after the TTL even without a notification, and after clear()', async () => {
    const { auth, tick, store } = setup({ [KEY]: record() });
    await auth.verify(KEY, null);
    tick(29_000);
    await auth.verify(KEY, null);
    expect(store.findByHash).toHaveBeenCalledTimes(1);
    tick(2_000);
    await auth.verify(KEY, null);
    expect(store.findByHash).toHaveBeenCalledTimes(2);
    auth.clear();
    await auth.verify(KEY, null);
    expect(store.findByHash).toHaveBeenCalledTimes(3);
  });

  it('coalesces concurrent lookups and never caches one that raced an invalidation', async () => {
    const { auth, store } = setup({ [KEY]: record() });
    const [a, b] = [auth.verify(KEY, null), auth.verify(KEY, null)];
    auth.onNotification(hashKey(KEY));
    await Promise.all([a, b]);
    expect(store.findByHash).toHaveBeenCalledTimes(1);
    await auth.verify(KEY, null);
    expect(store.findByHash).toHaveBeenCalledTimes(2);
  });

  it('gives a reloaded key a new credential id (no stale signed principal)', async () => {
    const { auth } = setup({ [KEY]: record() });
    const first = await auth.verify(KEY, null);
    auth.onNotification(hashKey(KEY));
    const second = await auth.verify(KEY, null);
    expect(second.credentialId).not.toBe(first.credentialId);
    expect(second.principal.tokenId).toBe(first.principal.tokenId);
  });

  it('notes usage for the write-behind recorder', async () => {
    const usage = new ApiKeyUsageRecorder({ recordUsage: jest.fn() });
    const { auth } = setup({ [KEY]: record() }, usage);
    await auth.verify(KEY, '10.0.0.1');
    await auth.verify(KEY, '10.0.0.2');
    expect(usage.queued).toBe(1);
  });
});

describe('ApiKeyUsageRecorder', () => {
  it('writes at most once a minute per key, in batches', async () => {
    const recordUsage = jest.fn(async () => undefined);
    const usage = new ApiKeyUsageRecorder({ recordUsage });
    usage.seen(T, 1, '10.0.0.1', 0);
    usage.seen(T, 1, '10.0.0.2', 59_999);
    usage.seen(T, 2, '10.0.0.3', 1_000);
    await usage.flush();
    expect(recordUsage).toHaveBeenCalledTimes(1);
    expect(recordUsage.mock.calls[0]).toEqual([[
      { tenantId: T, id: 1, at: new Date(0), ip: '10.0.0.1' },
      { tenantId: T, id: 2, at: new Date(1_000), ip: '10.0.0.3' },
    ]]);
    usage.seen(T, 1, '10.0.0.4', 60_000);
    await usage.flush();
    await usage.flush();
    expect(recordUsage).toHaveBeenCalledTimes(2);
    expect(recordUsage.mock.calls[1]).toEqual([[{ tenantId: T, id: 1, at: new Date(60_000), ip: '10.0.0.4' }]]);
  });

  it('skips a key the database says was used within the minute', () => {
    const usage = new ApiKeyUsageRecorder({ recordUsage: jest.fn() });
    usage.seen(T, 1, null, 100_000, 70_000);
    expect(usage.queued).toBe(0);
    usage.seen(T, 1, null, 130_000, 70_000);
    expect(usage.queued).toBe(1);
  });

  it('survives a failed write', async () => {
    const warn = jest.fn();
    const usage = new ApiKeyUsageRecorder({ recordUsage: jest.fn().mockRejectedValue(new Error('down')) }, 60_000, { warn });
    usage.seen(T, 1, null, 0);
    await usage.flush();
    expect(warn).toHaveBeenCalled();
  });
});
