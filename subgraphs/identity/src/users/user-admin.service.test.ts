import type { Principal } from '@dataplat/kit';
import type { AuthEventRepository } from '../auth/auth-event.repository';
import { hashPassword, verifyPassword } from '../auth/password';
import type { UserAccessRevoker } from './user-access';
import { LAST_PLATFORM_ADMIN, type UserAdminRepository } from './user-admin.repository';
import { UserAdminService } from './user-admin.service';
import type { UserGuard } from './user.guards';
import type { UserRepository } from './user.repository';

const T = 'tenant-a';
const admin: Principal = { kind: 'access_token', subject: 'admin', tenantId: T, homeTenantId: T, roles: ['ADMIN'], scopes: [] };
const client = { ip: '127.0.0.1', userAgent: 'jest' };

function setup(over: { admin?: Partial<Record<keyof UserAdminRepository, jest.Mock>>; credentials?: unknown } = {}) {
  const calls: string[] = [];
  const repo = {
    setEnabled: jest.fn(async (_t: string, id: string, enabled: boolean) => (calls.push(`setEnabled:${enabled}`), { id, enabled })),
    setPassword: jest.fn(async () => (calls.push('setPassword'), { id: 'u' })),
    delete: jest.fn(async () => (calls.push('delete'), true)),
    unlock: jest.fn(),
    ...over.admin,
  };
  const revoker = {
    everything: jest.fn(async (_t: string, _u: string, reason: string) => void calls.push(`revoke:everything:${reason}`)),
    otherSessions: jest.fn(async (_t: string, _u: string, keep: number | undefined, reason: string) => void calls.push(`revoke:others:${keep}:${reason}`)),
  };
  const users = { findCredentials: jest.fn(async () => over.credentials ?? null), recordFailedLogin: jest.fn(async () => calls.push('failedLogin')) };
  const guard = { target: jest.fn(async (_a: Principal, _t: string, id: string) => ({ id, roles: [] })) };
  const events = { record: jest.fn(async () => undefined) };
  const service = new UserAdminService(
    users as unknown as UserRepository,
    repo as unknown as UserAdminRepository,
    guard as unknown as UserGuard,
    revoker as unknown as UserAccessRevoker,
    events as unknown as AuthEventRepository,
    { maxFailures: 5, lockSeconds: 900 },
  );
  return { service, calls, repo, users, events };
}

describe('UserAdminService', () => {
  it('disables, then revokes every session and token', async () => {
    const { service, calls } = setup();
    await service.disable(admin, T, 'u');
    expect(calls).toEqual(['setEnabled:false', 'revoke:everything:user_disabled']);
  });

  it('deletes in three steps: disable, revoke while token records exist, delete', async () => {
    const { service, calls } = setup();
    expect(await service.delete(admin, T, 'u')).toBe(true);
    expect(calls).toEqual(['setEnabled:false', 'revoke:everything:user_deleted', 'delete']);
  });

  it('refuses self-disable and self-delete before touching anything (400)', async () => {
    const { service, calls } = setup();
    await expect(service.disable(admin, T, 'admin')).rejects.toMatchObject({ code: 'DPF-IAM-025', status: 400 });
    await expect(service.delete(admin, T, 'admin')).rejects.toMatchObject({ code: 'DPF-IAM-025' });
    expect(calls).toEqual([]);
  });

  it('is 409 and revokes nothing when the change would remove the last platform admin', async () => {
    const { service, calls } = setup({ admin: { setEnabled: jest.fn(async () => LAST_PLATFORM_ADMIN) } });
    await expect(service.disable(admin, T, 'u')).rejects.toMatchObject({ code: 'DPF-IAM-026', status: 409 });
    await expect(service.delete(admin, T, 'u')).rejects.toMatchObject({ code: 'DPF-IAM-026' });
    expect(calls).toEqual([]);
  });

  it('resets to a fresh temporary password, stored as a hash with mustChange, and revokes everything', async () => {
    const { service, calls, repo } = setup();
    const { temporaryPassword } = await service.resetPassword(admin, T, 'u');
    const [, , hash, mustChange] = repo.setPassword.mock.calls[0] as unknown as [string, string, string, boolean];
    expect(mustChange).toBe(true);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, temporaryPassword)).toBe(true);
    expect(calls).toEqual(['setPassword', 'revoke:everything:password_reset']);
  });

  describe('changeMyPassword', () => {
    const me: Principal = { ...admin, subject: 'u', sessionId: 7 };
    let credentials: { id: string; email: string; passwordHash: string; lockedUntil: Date | null };
    beforeAll(async () => {
      credentials = { id: 'u', email: 'u@x.test', passwordHash: await hashPassword('the-current-password'), lockedUntil: null };
    });

    it('sets the new hash, clears mustChange and ends the other sessions, keeping the caller\'s', async () => {
      const { service, calls, repo, events } = setup({ credentials });
      expect(await service.changeMyPassword(me, { currentPassword: 'the-current-password', newPassword: 'a-new-password-1' }, client)).toBe(true);
      expect((repo.setPassword.mock.calls[0] as unknown[])[3]).toBe(false);
      expect(calls).toEqual(['setPassword', 'revoke:others:7:password_changed']);
      expect(events.record).toHaveBeenCalledWith(expect.objectContaining({ type: 'PASSWORD_CHANGED', outcome: 'SUCCESS' }));
    });

    it('counts a wrong current password as a failed login (400 DPF-IAM-027)', async () => {
      const { service, calls } = setup({ credentials });
      await expect(service.changeMyPassword(me, { currentPassword: 'nope', newPassword: 'a-new-password-1' }, client)).rejects.toMatchObject({ code: 'DPF-IAM-027', status: 400 });
      expect(calls).toEqual(['failedLogin']);
    });

    it('refuses the same password (400 DPF-IAM-028) and a locked account (423)', async () => {
      const { service } = setup({ credentials });
      await expect(service.changeMyPassword(me, { currentPassword: 'the-current-password', newPassword: 'the-current-password' }, client)).rejects.toMatchObject({ code: 'DPF-IAM-028' });
      const locked = setup({ credentials: { ...credentials, lockedUntil: new Date(Date.now() + 60_000) } });
      await expect(locked.service.changeMyPassword(me, { currentPassword: 'the-current-password', newPassword: 'a-new-password-1' }, client)).rejects.toMatchObject({ code: 'DPF-IAM-002', status: 423 });
    });

    it('is 404 when the account is gone', async () => {
      const { service } = setup();
      await expect(service.changeMyPassword(me, { currentPassword: 'x', newPassword: 'a-new-password-1' }, client)).rejects.toMatchObject({ code: 'DPF-IAM-005' });
    });
  });
});
