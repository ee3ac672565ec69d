import type { Principal } from '@dataplat/kit';
import type { PermissionRepository } from './permission.repository';
import type { RoleRepository, RoleRow } from './role.repository';
import { RoleService } from './role.service';

const T = 'tenant-a';
const who = (roles: string[]): Principal => ({ kind: 'access_token', subject: 'me', tenantId: T, homeTenantId: T, roles, scopes: [] });
const ADMIN = who(['ADMIN']);
const PLATFORM = who(['PLATFORM_ADMIN']);
const row = (id: number, name: string, tenantId: string | null): RoleRow => ({ id, name, tenantId, description: '', systemRole: tenantId === null, createdAt: new Date(), updatedAt: new Date() });

function setup() {
  const rows = [row(1, 'VIEWER', null), row(10, 'ANALYST', T)];
  const roles = {
    findVisibleById: jest.fn(async (_t: string, id: number) => rows.find((r) => r.id === id) ?? null),
    findVisibleByName: jest.fn(async (_t: string, name: string, exceptId?: number) => rows.find((r) => r.name.toLowerCase() === name.toLowerCase() && r.id !== exceptId) ?? null),
    create: jest.fn(async (tenantId: string, r: { name: string }) => row(11, r.name, tenantId)),
    update: jest.fn(async (id: number, data: object) => ({ ...rows.find((r) => r.id === id)!, ...data })),
    deleteUnused: jest.fn(async () => true),
    changePermissions: jest.fn(async (id: number) => rows.find((r) => r.id === id)!),
  };
  const names: Record<number, string> = { 3: 'billing:read', 4: 'tenants:read', 5: 'users:write' };
  const permissions = {
    existing: jest.fn(async (ids: number[]) => ids.filter((id) => id < 100)),
    namesOf: jest.fn(async (ids: number[]) => ids.map((id) => names[id]).filter(Boolean)),
    all: jest.fn(),
  };
  return { service: new RoleService(roles as unknown as RoleRepository, permissions as unknown as PermissionRepository), roles };
}

describe('RoleService', () => {
  it('creates with distinct known permissions; unknown ones are named (400 DPF-IAM-024)', async () => {
    const { service, roles } = setup();
    await service.create(ADMIN, T, { name: 'DATA', permissionIds: [3, 3, 4] });
    expect(roles.create).toHaveBeenCalledWith(T, { name: 'DATA', description: '', permissionIds: [3, 4] });
    await expect(service.create(ADMIN, T, { name: 'DATA', permissionIds: [3, 500, 501] })).rejects.toMatchObject({ code: 'DPF-IAM-024', status: 400, details: { permissionIds: [500, 501] } });
  });

  it('refuses visible and reserved names in any case (409 DPF-IAM-021)', async () => {
    const { service } = setup();
    for (const name of ['analyst', 'Viewer', 'admin', 'PLATFORM_ADMIN', 'auditor']) {
      await expect(service.create(ADMIN, T, { name })).rejects.toMatchObject({ code: 'DPF-IAM-021', status: 409 });
    }
  });

  it('is 404 DPF-IAM-020 for a role the tenant cannot see', async () => {
    const { service } = setup();
    await expect(service.get(T, 99)).rejects.toMatchObject({ code: 'DPF-IAM-020', status: 404 });
  });

  it('never renames a system role (400); only platform admins re-describe one (403)', async () => {
    const { service, roles } = setup();
    await expect(service.update(PLATFORM, T, 1, { name: 'WATCHER' })).rejects.toMatchObject({ code: 'DPF-IAM-022', status: 400 });
    await expect(service.update(ADMIN, T, 1, { description: 'x' })).rejects.toMatchObject({ code: 'DPF-AUTH-007' });
    await service.update(PLATFORM, T, 1, { name: 'VIEWER', description: ' Read-only ' });
    expect(roles.update).toHaveBeenCalledWith(1, { description: 'Read-only' });
  });

  it('renames a custom role unless the name is taken', async () => {
    const { service, roles } = setup();
    await service.update(ADMIN, T, 10, { name: 'ANALYST_2' });
    expect(roles.update).toHaveBeenCalledWith(10, { name: 'ANALYST_2' });
    await expect(service.update(ADMIN, T, 10, { name: 'viewer' })).rejects.toMatchObject({ code: 'DPF-IAM-021' });
  });

  it('deletes custom roles only, and refuses one in use (409 DPF-IAM-023)', async () => {
    const { service, roles } = setup();
    await expect(service.delete(T, 1)).rejects.toMatchObject({ code: 'DPF-IAM-022' });
    expect(await service.delete(T, 10)).toBe(true);
    roles.deleteUnused.mockResolvedValueOnce(false);
    await expect(service.delete(T, 10)).rejects.toMatchObject({ code: 'DPF-IAM-023', status: 409 });
  });

  it('lets only platform admins change the permissions of a system role', async () => {
    const { service, roles } = setup();
    await expect(service.changePermissions(ADMIN, T, 1, 'add', [3])).rejects.toMatchObject({ code: 'DPF-AUTH-007', status: 403 });
    await service.changePermissions(PLATFORM, T, 1, 'add', [3]);
    await service.changePermissions(ADMIN, T, 10, 'set', []);
    expect(roles.changePermissions.mock.calls).toEqual([[1, 'add', [3]], [10, 'set', []]]);
    await expect(service.changePermissions(ADMIN, T, 10, 'remove', [])).rejects.toMatchObject({ code: 'DPF-API-001' });
  });

  it('lets a caller acting through a custom role hand out only permissions it holds (403)', async () => {
    const { service, roles } = setup();
    const delegated = { ...who(['ROLE_MANAGER']), permissions: ['roles:write', 'billing:read'] };
    await service.create(delegated, T, { name: 'READERS', permissionIds: [3] });
    await expect(service.create(delegated, T, { name: 'MORE', permissionIds: [3, 4, 5] })).rejects.toMatchObject({ code: 'DPF-AUTH-007', status: 403, details: { permissions: ['tenants:read', 'users:write'] } });
    await expect(service.changePermissions(delegated, T, 10, 'add', [5])).rejects.toMatchObject({ code: 'DPF-AUTH-007' });
    await expect(service.changePermissions(delegated, T, 10, 'set', [3, 4])).rejects.toMatchObject({ code: 'DPF-AUTH-007' });
    await service.changePermissions(delegated, T, 10, 'remove', [4, 5]);
    await service.changePermissions(delegated, T, 10, 'set', [3]);
    expect(roles.changePermissions.mock.calls).toEqual([[10, 'remove', [4, 5]], [10, 'set', [3]]]);
    // administrators and service tokens are not limited this way
    await service.create(ADMIN, T, { name: 'ALL', permissionIds: [3, 4, 5] });
    await service.create({ ...who([]), kind: 'service_token' }, T, { name: 'SVC', permissionIds: [5] });
  });

  it('refuses an unsupported sort field (400)', async () => {
    const { service } = setup();
    await expect(service.list(T, { page: 0, size: 20, sort: 'tenantId' })).rejects.toMatchObject({ code: 'DPF-API-001' });
  });
});
