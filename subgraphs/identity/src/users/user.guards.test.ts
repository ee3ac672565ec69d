import { DomainError, type Principal } from '@dataplat/kit';
import type { RoleRepository } from '../roles/role.repository';
import { LAST_PLATFORM_ADMIN } from './user-admin.repository';
import { isSelf, orLastAdmin, UserGuard } from './user.guards';
import type { UserRepository } from './user.repository';
import type { User } from './user.type';

const T = 'tenant-a';
const actor = (roles: string[], over: Partial<Principal> = {}): Principal => ({ kind: 'access_token', subject: 'me', tenantId: T, homeTenantId: T, roles, scopes: [], ...over });
const user = (id: string, roles: string[]): User => ({
  id, tenantId: T, email: `${id}@x.test`, firstName: 'F', lastName: 'L', roles, enabled: true, emailVerified: true,
  mustChangePassword: false, locked: false, lastLoginAt: null, createdAt: new Date(), updatedAt: new Date(),
});

function guardWith(users: User[], roles: Array<{ id: number; name: string; tenantId: string | null }>) {
  const userRepo = { findById: jest.fn(async (tenantId: string, id: string) => (tenantId === T ? users.find((u) => u.id === id) ?? null : null)) };
  const permissionsOf: Record<number, string[]> = { 3: ['billing:read'], 4: ['billing:read', 'users:write'] };
  const roleRepo = {
    findVisible: jest.fn(async (_t: string, ids: number[]) => roles.filter((r) => ids.includes(r.id))),
    permissionNamesOf: jest.fn(async (ids: number[]) => [...new Set(ids.flatMap((id) => permissionsOf[id] ?? []))]),
  };
  return new UserGuard(userRepo as unknown as UserRepository, roleRepo as unknown as RoleRepository);
}

async function codeOf(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return (e as DomainError).code;
  }
  throw new Error('expected a DomainError');
}

describe('UserGuard.target', () => {
  const guard = guardWith([user('u1', ['USER']), user('op', ['PLATFORM_ADMIN'])], []);

  it('returns the user of the tenant, 404 otherwise', async () => {
    expect((await guard.target(actor(['ADMIN']), T, 'u1')).id).toBe('u1');
    expect(await codeOf(guard.target(actor(['ADMIN']), T, 'nobody'))).toBe('DPF-IAM-005');
    expect(await codeOf(guard.target(actor(['ADMIN']), 'tenant-b', 'u1'))).toBe('DPF-IAM-005');
  });

  it('keeps tenant admins off platform admins (403), not platform admins', async () => {
    expect(await codeOf(guard.target(actor(['ADMIN']), T, 'op'))).toBe('DPF-AUTH-007');
    expect((await guard.target(actor(['PLATFORM_ADMIN']), T, 'op')).id).toBe('op');
  });

  it('keeps callers acting through a custom role off administrators (403)', async () => {
    const withAdmin = guardWith([user('u1', ['USER']), user('boss', ['ADMIN'])], []);
    const manager = actor(['USER_MANAGER'], { permissions: ['users:write'] });
    expect((await withAdmin.target(manager, T, 'u1')).id).toBe('u1');
    expect(await codeOf(withAdmin.target(manager, T, 'boss'))).toBe('DPF-AUTH-007');
    expect((await withAdmin.target(actor([], { kind: 'service_token' }), T, 'boss')).id).toBe('boss');
  });
});

describe('UserGuard.grantable', () => {
  const roles = [{ id: 1, name: 'ADMIN', tenantId: null }, { id: 2, name: 'PLATFORM_ADMIN', tenantId: null }, { id: 3, name: 'ANALYST', tenantId: T }];
  const guard = guardWith([], roles);

  it('returns the visible roles, once each; nothing for an empty list', async () => {
    expect((await guard.grantable(actor(['ADMIN']), T, [1, 3, 3])).map((r) => r.id)).toEqual([1, 3]);
    expect(await guard.grantable(actor(['ADMIN']), T, [])).toEqual([]);
  });

  it('names unknown ids (400 DPF-IAM-007)', async () => {
    try {
      await guard.grantable(actor(['ADMIN']), T, [1, 8, 9]);
      throw new Error('expected a failure');
    } catch (e) {
      expect(e).toMatchObject({ code: 'DPF-IAM-007', status: 400, details: { roleIds: [8, 9] } });
    }
  });

  it('lets only platform admins grant PLATFORM_ADMIN', async () => {
    expect(await codeOf(guard.grantable(actor(['ADMIN']), T, [2]))).toBe('DPF-AUTH-007');
    expect(await guard.grantable(actor(['PLATFORM_ADMIN']), T, [2])).toHaveLength(1);
  });

  it('lets a caller acting through a custom role grant neither ADMIN nor a role with permissions it lacks', async () => {
    const manager = actor(['USER_MANAGER'], { permissions: ['users:write', 'billing:read'] });
    expect((await guard.grantable(manager, T, [3])).map((r) => r.name)).toEqual(['ANALYST']);
    expect(await codeOf(guard.grantable(manager, T, [1]))).toBe('DPF-AUTH-007');
    const narrow = actor(['USER_MANAGER'], { permissions: ['users:write'] });
    await expect(guard.grantable(narrow, T, [3])).rejects.toMatchObject({ code: 'DPF-AUTH-007', details: { permissions: ['billing:read'] } });
    // a service token (the tenant service creating the first administrator) is not limited
    expect(await guard.grantable(actor([], { kind: 'service_token' }), T, [1])).toHaveLength(1);
  });

  it('refuses more than 50 ids (400)', async () => {
    expect(await codeOf(guard.grantable(actor(['ADMIN']), T, Array.from({ length: 51 }, (_, i) => i + 100)))).toBe('DPF-API-001');
  });
});

describe('self-demotion and the last platform admin', () => {
  const guard = guardWith([], []);

  it('recognises the own account only in the home tenant, never for a service token', () => {
    expect(isSelf(actor([]), T, 'me')).toBe(true);
    expect(isSelf(actor([]), T, 'other')).toBe(false);
    expect(isSelf(actor([], { homeTenantId: 'platform' }), T, 'me')).toBe(false);
    expect(isSelf(actor([], { kind: 'service_token' }), T, 'me')).toBe(false);
  });

  it('refuses taking an administering role from oneself (400 DPF-IAM-025)', async () => {
    const me = user('me', ['ADMIN', 'PLATFORM_ADMIN', 'VIEWER']);
    expect(await codeOf(() => guard.assertKeepsOwnAdminRoles(actor(['ADMIN']), T, me, ['ADMIN', 'VIEWER']))).toBe('DPF-IAM-025');
    expect(await codeOf(() => guard.assertKeepsOwnAdminRoles(actor(['ADMIN']), T, me, ['PLATFORM_ADMIN']))).toBe('DPF-IAM-025');
    expect(() => guard.assertKeepsOwnAdminRoles(actor(['ADMIN']), T, me, ['ADMIN', 'PLATFORM_ADMIN'])).not.toThrow();
    expect(() => guard.assertKeepsOwnAdminRoles(actor(['ADMIN']), T, user('other', ['ADMIN']), [])).not.toThrow();
  });

  it('turns the repository marker into 409 DPF-IAM-026', async () => {
    expect(orLastAdmin(5)).toBe(5);
    expect(await codeOf(() => orLastAdmin(LAST_PLATFORM_ADMIN))).toBe('DPF-IAM-026');
  });
});
