import type { Prisma, PrismaClient } from '@dataplat/db';
import { isUuid, SystemRole } from '@dataplat/kit';
import type { Guarded, UserAdminRepository } from '../users/user-admin.repository';
import type { Where } from './filter-query';
import type { ScimUserInput, ScimUserRow } from './user-resource';

type Tx = Prisma.TransactionClient;

export const SCIM_USER_INCLUDE = {
  scimProfile: { select: { externalId: true, displayName: true, updatedAt: true } },
  scimEmails: { select: { value: true, type: true, primary: true }, orderBy: { position: 'asc' } },
  scimGroups: { select: { group: { select: { id: true, displayName: true } } }, orderBy: { createdAt: 'asc' } },
} as const;

/** What a write stores: the SCIM input, with the password already hashed when one was sent. */
export type ScimUserWrite = Omit<ScimUserInput, 'password'> & { passwordHash?: string };

/**
 * Users as SCIM sees them: the identity user row plus its SCIM profile (externalId,
 * displayName) and e-mail rows. Every query is filtered by tenant; writes are transactions.
 */
export class ScimUserRepository {
  constructor(
    private readonly db: PrismaClient,
    private readonly admin: UserAdminRepository,
  ) {}

  async list(tenantId: string, where: Where | undefined, skip: number, take: number): Promise<{ total: number; rows: ScimUserRow[] }> {
    const filter = { AND: [{ tenantId, deletedAt: null }, ...(where ? [where] : [])] } as Prisma.UserWhereInput;
    const [total, rows] = await this.db.$transaction([
      this.db.user.count({ where: filter }),
      this.db.user.findMany({ where: filter, include: SCIM_USER_INCLUDE, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip, take }),
    ]);
    return { total, rows: take === 0 ? [] : rows };
  }

  async get(tenantId: string, id: string): Promise<ScimUserRow | null> {
    if (!isUuid(id)) return null;
    return this.db.user.findUnique({ where: { tenantId_id: { tenantId, id: id.toLowerCase() }, deletedAt: null }, include: SCIM_USER_INCLUDE });
  }

  /** A new user with role USER; unique violations (userName, externalId) fail with P2002. */
  async create(tenantId: string, input: ScimUserWrite & { passwordHash: string }): Promise<ScimUserRow> {
    return this.db.$transaction(async (tx) => {
      const role = await tx.role.findFirst({ where: { tenantId: null, name: SystemRole.USER }, select: { id: true } });
      const user = await tx.user.create({
        data: {
          tenantId, email: input.userName, firstName: input.givenName, lastName: input.familyName, passwordHash: input.passwordHash,
          enabled: input.active, emailVerified: true, roles: { create: role ? [{ roleId: role.id }] : [] },
        },
        select: { id: true },
      });
      await this.writeScimAttributes(tx, tenantId, user.id, input);
      return tx.user.findUniqueOrThrow({ where: { tenantId_id: { tenantId, id: user.id } }, include: SCIM_USER_INCLUDE });
    });
  }

  /**
   * Replaces the user's SCIM attributes; null when the tenant has no such user (or it was
   * deleted). A write that
   * deactivates runs under the last-platform-admin guard (user-admin.repository.ts).
   */
  async replace(tenantId: string, id: string, input: ScimUserWrite): Promise<Guarded<ScimUserRow | null>> {
    if (!isUuid(id)) return null;
    const change = async (tx: Tx) => {
      const found = await tx.user.updateMany({
        where: { tenantId, id, deletedAt: null },
        data: {
          email: input.userName, firstName: input.givenName, lastName: input.familyName, enabled: input.active,
          ...(input.passwordHash ? { passwordHash: input.passwordHash, passwordChangedAt: new Date(), mustChangePassword: false } : {}),
        },
      });
      if (found.count === 0) return null;
      if (!input.active) await revokeApiKeys(tx, tenantId, id);
      await this.writeScimAttributes(tx, tenantId, id, input);
      return tx.user.findUniqueOrThrow({ where: { tenantId_id: { tenantId, id } }, include: SCIM_USER_INCLUDE });
    };
    return input.active ? this.db.$transaction(change) : this.admin.guarded(tenantId, id, change);
  }

  /**
   * SCIM DELETE, in one transaction (refused when it would disable the last platform admin):
   * the row stays for audit, marked deleted and disabled, with its e-mail and externalId freed
   * for a new account; its API keys are revoked; its roles, group memberships and external
   * sign-in links go. The caller then revokes sessions and access tokens. False when the
   * tenant has no such user, or it is deleted already.
   */
  async delete(tenantId: string, id: string): Promise<Guarded<boolean>> {
    if (!isUuid(id)) return false;
    const userId = id.toLowerCase();
    return this.admin.guarded(tenantId, userId, async (tx) => {
      const found = await tx.user.updateMany({ where: { tenantId, id: userId, deletedAt: null }, data: { enabled: false, deletedAt: new Date() } });
      if (found.count === 0) return false;
      await revokeApiKeys(tx, tenantId, userId);
      await tx.userRole.deleteMany({ where: { tenantId, userId } });
      await tx.scimGroupMember.deleteMany({ where: { tenantId, userId } });
      await tx.scimUserProfile.updateMany({ where: { tenantId, userId }, data: { externalId: null } });
      await tx.externalIdentity.deleteMany({ where: { tenantId, userId } });
      return true;
    });
  }

  private async writeScimAttributes(tx: Tx, tenantId: string, userId: string, input: ScimUserWrite): Promise<void> {
    await tx.scimUserProfile.upsert({
      where: { tenantId_userId: { tenantId, userId } },
      create: { tenantId, userId, externalId: input.externalId, displayName: input.displayName },
      update: { externalId: input.externalId, displayName: input.displayName },
    });
    await tx.scimUserEmail.deleteMany({ where: { tenantId, userId } });
    const emails = input.emails.length > 0 ? input.emails : [{ value: input.userName, type: 'work', primary: true }];
    await tx.scimUserEmail.createMany({ data: emails.map((e, position) => ({ tenantId, userId, value: e.value, type: e.type, primary: e.primary, position })) });
  }
}

function revokeApiKeys(tx: Tx, tenantId: string, userId: string) {
  return tx.apiKey.updateMany({ where: { tenantId, userId, status: { not: 'REVOKED' } }, data: { status: 'REVOKED', revokedAt: new Date() } });
}
