import { randomUUID } from 'node:crypto';
import type { ApiClient } from './client';

export interface ProvisionedTenant {
  id: string;
  slug: string;
  adminEmail: string;
  adminUserId: string;
  /** The first administrator's temporary password (must be changed at first login). */
  temporaryPassword: string;
  body: any;
}

export const uniqueSlug = () => `t-${randomUUID().slice(0, 8)}`;

/** Provisions a tenant with a unique slug and admin e-mail through POST /api/v1/tenants. */
export async function provisionTenant(api: ApiClient, rootToken: string, overrides: Record<string, unknown> = {}): Promise<ProvisionedTenant> {
  const slug = uniqueSlug();
  const body = { name: `Tenant ${slug}`, slug, plan: 'STARTER', region: 'eu-west-1', adminEmail: `admin-${slug}@e2e.test`, ...overrides };
  const res = await api.post('/api/v1/tenants', body, { token: rootToken });
  if (res.status !== 201) throw new Error(`provisionTenant failed: ${res.status} ${res.text}`);
  return { id: res.body.id, slug: res.body.slug, adminEmail: res.body.adminEmail, adminUserId: res.body.adminUserId, temporaryPassword: res.body.adminTemporaryPassword, body: res.body };
}

/**
 * The first administrator of a tenant, logged in with the tenant's slug after replacing
 * the temporary password (as a real administrator would on first login).
 */
export async function tenantAdminSession(api: ApiClient, tenant: ProvisionedTenant): Promise<{ token: string; refreshToken: string; password: string }> {
  const first = await api.post('/api/v1/auth/login', { email: tenant.adminEmail, password: tenant.temporaryPassword, tenantSlug: tenant.slug });
  if (first.status !== 200) throw new Error(`first login failed: ${first.status} ${first.text}`);
  const password = `pw-${randomUUID()}`;
  const changed = await api.post('/api/v1/auth/change-password', { currentPassword: tenant.temporaryPassword, newPassword: password }, { token: first.body.accessToken });
  if (changed.status !== 204) throw new Error(`password change failed: ${changed.status} ${changed.text}`);
  const session = await api.post('/api/v1/auth/login', { email: tenant.adminEmail, password, tenantSlug: tenant.slug });
  if (session.status !== 200) throw new Error(`login failed: ${session.status} ${session.text}`);
  return { token: session.body.accessToken, refreshToken: session.body.refreshToken, password };
}

/** Waits (at most `ms`) until the tenant's provisioning job has finished, and returns its status. */
export async function provisioningFinished(api: ApiClient, rootToken: string, tenantId: string, ms = 30_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await api.get(`/api/v1/tenants/${tenantId}/provisioning/status`, { token: rootToken });
    if (['COMPLETED', 'FAILED', 'ROLLED_BACK'].includes(res.body?.status) || Date.now() > end) return res.body?.status;
    await new Promise((r) => setTimeout(r, 200));
  }
}

