import type { Prisma, PrismaClient } from '@dataplat/db';
import { SystemRole } from '@dataplat/kit';
import { toUser, WITH_ROLES } from './user.repository';
import type { User } from './user.type';

type Tx = Prisma.TransactionClient;

/** Returned instead of a result when the change would leave the platform without an enabled PLATFORM_ADMIN. */
export const LAST_PLATFORM_ADMIN = Symbol('last-platform-admin');
export type Guarded<T> = T | typeof LAST_PLATFORM_ADMIN;

/** Serialises every change that could remove a platform administrator (disable, delete, demote). */
const PLATFORM_ADMIN_LOCK = 4_242_010;
const PLATFORM_ADMIN_ROLE = { name: SystemRole.PLATFORM_ADMIN, tenantId: null };

class LastPlatformAdmin extends Error {}

/**
 * Administrative changes to one user of one tenant: account state, password, role
 * assignments, deletion. Each is one transaction. Changes that can take a platform
 * administrator away run under an advisory lock and are rolled back when no enabled
 * PLATFORM_ADMIN would remain anywhere on the platform.
 */
export class UserAdminRepository {
  constructor(private readonly db: PrismaClient) {}

  setEnabled(tenantId: string, id: string, enabled: boolean): Promise<Guarded<User>> {
    if (enabled) return this.updateRow(this.db, tenantId, id, { enabled });
    return this.guarded(tenantId, id, (tx) => this.updateRow(tx, tenantId, id, { enabled }));
  }

  unlock(tenantId: string, id: string): Promise<User> {
    return this.updateRow(this.db, tenantId, id, { failedLoginCount: 0, lockedUntil: null });
  }

  /** New password hash; clears any lock. `mustChange` marks a temporary password. */
  setPassword(tenantId: string, id: string, passwordHash: string, mustChange: boolean): Promise<User> {
    return this.updateRow(this.db, tenantId, id, {
      passwordHash,
      mustChangePassword: mustChange,
      passwordChangedAt: new Date(),
      failedLoginCount: 0,
      lockedUntil: null,
    });
  }

  /** Deletes the user; sessions, devices, API keys and role assignments go with it (cascade). */
  async delete(tenantId: string, id: string): Promise<Guarded<boolean>> {
    return this.guarded(tenantId, id, async (tx) => (await tx.user.deleteMany({ where: { tenantId, id } })).count > 0);
  }

  /** Replaces the user's roles; `changed` is false when they were already exactly these. */
  setRoles(tenantId: string, id: string, roleIds: number[]): Promise<Guarded<{ user: User; changed: boolean }>> {
    return this.guarded(tenantId, id, async (tx) => {
      const removed = await tx.userRole.deleteMany({ where: { tenantId, userId: id, roleId: { notIn: roleIds } } });
      const added = await tx.userRole.createMany({ data: roleIds.map((roleId) => ({ tenantId, userId: id, roleId })), skipDuplicates: true });
      return { user: await this.read(tx, tenantId, id), changed: removed.count + added.count > 0 };
    });
  }

  async addRoles(tenantId: string, id: string, roleIds: number[]): Promise<{ user: User; changed: boolean }> {
    return this.db.$transaction(async (tx) => {
      const added = await tx.userRole.createMany({ data: roleIds.map((roleId) => ({ tenantId, userId: id, roleId })), skipDuplicates: true });
      return { user: await this.read(tx, tenantId, id), changed: added.count > 0 };
    });
  }

  removeRole(tenantId: string, id: string, roleId: number): Promise<Guarded<{ user: User; changed: boolean }>> {
    return this.guarded(tenantId, id, async (tx) => {
      const removed = await tx.userRole.deleteMany({ where: { tenantId, userId: id, roleId } });
      return { user: await this.read(tx, tenantId, id), changed: removed.count > 0 };
    });
  }

  /** Runs `change` in a transaction that is rolled back (LAST_PLATFORM_ADMIN) when no enabled PLATFORM_ADMIN would remain. */
  async guarded<T>(tenantId: string, id: string, change: (tx: Tx) => Promise<T>): Promise<Guarded<T>> {
    try {
      return await this.db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PLATFORM_ADMIN_LOCK})`;
        const heldBefore = await tx.userRole.count({ where: { tenantId, userId: id, role: PLATFORM_ADMIN_ROLE } });
        const result = await change(tx);
        if (heldBefore > 0) {
          const remaining = await tx.user.count({ where: { enabled: true, roles: { some: { role: PLATFORM_ADMIN_ROLE } } } });
          if (remaining === 0) throw new LastPlatformAdmin();
        }
        return result;
      });
    } catch (e) {
      if (e instanceof LastPlatformAdmin) return LAST_PLATFORM_ADMIN;
      throw e;
    }
  }

  private async updateRow(tx: Tx | PrismaClient, tenantId: string, id: string, data: Prisma.UserUpdateInput): Promise<User> {
    return toUser(await tx.user.update({ where: { tenantId_id: { tenantId, id } }, data, include: WITH_ROLES }));
  }

  private async read(tx: Tx, tenantId: string, id: string): Promise<User> {
    return toUser(await tx.user.findUniqueOrThrow({ where: { tenantId_id: { tenantId, id } }, include: WITH_ROLES }));
  }
}
