import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@dataplat/db';
import { PLATFORM_TENANT_ID, SystemRole, type PermissionDefinition, type PlatformConfig } from '@dataplat/kit';
import { hashPassword } from './auth/password';

const SELF_SERVICE = ['profile:read', 'profile:write', 'api-keys:read', 'api-keys:write', 'sessions:read', 'sessions:write', 'devices:read', 'devices:write'];

/**
 * System roles and the permissions they start with (administrators may change them later).
 * `admin` is every permission of the catalogue whose definition does not say `adminDefault: false`.
 */
export const SYSTEM_ROLES: Record<SystemRole, { description: string; permissions: (admin: string[]) => string[] }> = {
  [SystemRole.PLATFORM_ADMIN]: { description: 'Operates the whole platform, across tenants', permissions: (admin) => admin },
  [SystemRole.ADMIN]: { description: 'Administers one tenant', permissions: (admin) => admin },
  [SystemRole.USER]: { description: 'Regular member of a tenant', permissions: () => SELF_SERVICE },
  [SystemRole.VIEWER]: { description: 'Read-only member of a tenant', permissions: () => ['users:read', 'roles:read', 'permissions:read', 'profile:read'] },
  [SystemRole.AUDITOR]: { description: 'Reads the audit log and compliance reports of a tenant', permissions: () => ['audit:read', 'profile:read', 'profile:write'] },
};

export interface BootstrapResult {
  /** Set only on the start that created the bootstrap platform admin with a generated password. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

const SEED_LOCK = 4_242_002;

/**
 * Idempotent start-up seed: the permission catalogue of every domain (`catalogue`: new ones
 * added, changed descriptions updated, none removed), system roles (with their initial
 * permissions, only when the role is first created; a permission new in this version goes to
 * the existing system roles whose defaults include it) and the bootstrap platform admin (only
 * when no platform admin exists). Serialised by an advisory lock, so replicas may start together.
 */
export async function bootstrapIdentity(db: PrismaClient, config: PlatformConfig, catalogue: readonly PermissionDefinition[]): Promise<BootstrapResult> {
  const adminPassword = config.PLATFORM_ADMIN_PASSWORD ?? randomBytes(15).toString('base64url');
  const adminHash = await hashPassword(adminPassword);
  const adminDefaults = catalogue.filter((p) => p.adminDefault !== false).map((p) => p.name);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
    const stored = await tx.permission.findMany({ select: { name: true, description: true } });
    const before = new Set(stored.map((p) => p.name));
    await tx.permission.createMany({
      data: catalogue.map(({ name, description }) => ({ name, resource: name.split(':')[0], action: name.split(':')[1], description })),
      skipDuplicates: true,
    });
    for (const p of catalogue) {
      const old = stored.find((s) => s.name === p.name);
      if (old && old.description !== p.description) await tx.permission.update({ where: { name: p.name }, data: { description: p.description } });
    }
    const permissions = await tx.permission.findMany({ select: { id: true, name: true } });
    for (const [name, def] of Object.entries(SYSTEM_ROLES)) {
      const granted = new Set(def.permissions(adminDefaults));
      const existing = await tx.role.findFirst({ where: { tenantId: null, name }, select: { id: true } });
      if (existing) {
        // Permissions new in this version go to the system roles whose defaults include them;
        // grants an administrator changed earlier are left alone.
        const added = permissions.filter((p) => !before.has(p.name) && granted.has(p.name));
        if (before.size > 0 && added.length) {
          await tx.rolePermission.createMany({ data: added.map((p) => ({ roleId: existing.id, permissionId: p.id })), skipDuplicates: true });
        }
        continue;
      }
      await tx.role.create({
        data: {
          name,
          description: def.description,
          systemRole: true,
          permissions: { create: permissions.filter((p) => granted.has(p.name)).map((p) => ({ permissionId: p.id })) },
        },
      });
    }
    const platformAdmins = await tx.user.count({ where: { roles: { some: { role: { name: SystemRole.PLATFORM_ADMIN, tenantId: null } } } } });
    if (platformAdmins > 0) return { adminCreated: false };
    const roleIds = await tx.role.findMany({ where: { tenantId: null, name: { in: [SystemRole.PLATFORM_ADMIN, SystemRole.ADMIN] } }, select: { id: true } });
    await tx.user.create({
      data: {
        tenantId: PLATFORM_TENANT_ID,
        email: config.PLATFORM_ADMIN_EMAIL.toLowerCase(),
        firstName: 'Platform',
        lastName: 'Administrator',
        passwordHash: adminHash,
        emailVerified: true,
        roles: { create: roleIds.map((r) => ({ roleId: r.id })) },
      },
    });
    return { adminCreated: true, generatedAdminPassword: config.PLATFORM_ADMIN_PASSWORD ? undefined : adminPassword };
  });
}
