import { randomUUID } from 'node:crypto';
import type { ApiClient } from './client';

export const PLATFORM_TENANT = '00000000-0000-4000-8000-000000000000';

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
  tenantId: string;
}

/** Creates a user with a unique e-mail through the REST facade, as an administrator would. */
export async function createUser(
  api: ApiClient,
  adminToken: string,
  opts: { tenantId?: string; roleIds?: number[]; firstName?: string; lastName?: string } = {},
): Promise<CreatedUser> {
  const tenantId = opts.tenantId ?? PLATFORM_TENANT;
  const email = `user-${randomUUID()}@e2e.test`;
  const password = `pw-${randomUUID()}`;
  const res = await api.post(
    '/api/v1/users',
    { email, password, firstName: opts.firstName ?? 'Test', lastName: opts.lastName ?? 'User', ...(opts.roleIds ? { roleIds: opts.roleIds } : {}) },
    { token: adminToken, headers: { 'x-tenant-id': tenantId } },
  );
  if (res.status !== 201) throw new Error(`createUser failed: ${res.status} ${res.text}`);
  return { id: res.body.id, email, password, tenantId };
}

/** Id of a role by name, from GET /api/v1/roles/all. */
export async function roleId(api: ApiClient, adminToken: string, name: string): Promise<number> {
  const res = await api.get('/api/v1/roles/all', { token: adminToken });
  const role = res.status === 200 ? res.body.find((r: { name: string }) => r.name === name) : undefined;
  if (!role) throw new Error(`role ${name} not found: ${res.status} ${res.text}`);
  return role.id;
}
