import type { Prisma, PrismaClient } from '@dataplat/db';
import { isUuid } from '@dataplat/kit';
import type { Where } from './filter-query';
import type { ScimGroupInput, ScimGroupRow } from './group-resource';

type Tx = Prisma.TransactionClient;

const INCLUDE = { members: { select: { user: { select: { id: true, email: true } } }, orderBy: { createdAt: 'asc' } } } as const;

/** Raised inside a write when a member id is not a user of the tenant (the transaction rolls back). */
export class UnknownMember extends Error {
  constructor(readonly userId: string) {
    super(`unknown member ${userId}`);
  }
}

/** Tenant-scoped SCIM groups and their members (identity.scim_groups, scim_group_members). */
export class ScimGroupRepository {
  constructor(private readonly db: PrismaClient) {}

  async list(tenantId: string, where: Where | undefined, skip: number, take: number, withMembers: boolean): Promise<{ total: number; rows: ScimGroupRow[] }> {
    const filter = { AND: [{ tenantId }, ...(where ? [where] : [])] } as Prisma.ScimGroupWhereInput;
    const [total, rows] = await this.db.$transaction([
      this.db.scimGroup.count({ where: filter }),
      this.db.scimGroup.findMany({ where: filter, include: withMembers ? INCLUDE : undefined, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip, take }),
    ]);
    return { total, rows: (take === 0 ? [] : rows).map((r) => ({ members: [], ...r })) as ScimGroupRow[] };
  }

  async get(tenantId: string, id: string): Promise<ScimGroupRow | null> {
    if (!isUuid(id)) return null;
    return this.db.scimGroup.findUnique({ where: { tenantId_id: { tenantId, id: id.toLowerCase() } }, include: INCLUDE });
  }

  /** Unique violations (displayName, externalId) fail with P2002; unknown members with UnknownMember. */
  create(tenantId: string, input: ScimGroupInput): Promise<ScimGroupRow> {
    return this.db.$transaction(async (tx) => {
      const group = await tx.scimGroup.create({ data: { tenantId, displayName: input.displayName, externalId: input.externalId }, select: { id: true } });
      await this.setMembers(tx, tenantId, group.id, input.members);
      return tx.scimGroup.findUniqueOrThrow({ where: { tenantId_id: { tenantId, id: group.id } }, include: INCLUDE });
    });
  }

  /** Replaces name, externalId and members (only the difference is written); null when absent. */
  replace(tenantId: string, id: string, input: ScimGroupInput): Promise<ScimGroupRow | null> {
    return this.update(tenantId, id, () => input);
  }

  /**
   * Locks the group row, reads it, and writes what `change` makes of it, in one transaction:
   * concurrent PATCHes of one group (identity providers send them) are applied one after
   * the other, so none is lost. Null when absent.
   */
  update(tenantId: string, id: string, change: (current: ScimGroupRow) => ScimGroupInput): Promise<ScimGroupRow | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<unknown[]>`SELECT 1 FROM identity.scim_groups WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid FOR UPDATE`;
      if (locked.length === 0) return null;
      const input = change(await tx.scimGroup.findUniqueOrThrow({ where: { tenantId_id: { tenantId, id } }, include: INCLUDE }));
      await tx.scimGroup.update({ where: { tenantId_id: { tenantId, id } }, data: { displayName: input.displayName, externalId: input.externalId, version: { increment: 1 } } });
      await this.setMembers(tx, tenantId, id, input.members);
      return tx.scimGroup.findUniqueOrThrow({ where: { tenantId_id: { tenantId, id } }, include: INCLUDE });
    });
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.db.scimGroup.deleteMany({ where: { tenantId, id } })).count > 0;
  }

  private async setMembers(tx: Tx, tenantId: string, groupId: string, userIds: string[]): Promise<void> {
    const bad = userIds.find((u) => !isUuid(u));
    if (bad) throw new UnknownMember(bad);
    const known = await tx.user.findMany({ where: { tenantId, id: { in: userIds }, deletedAt: null }, select: { id: true } });
    if (known.length !== userIds.length) {
      const ids = new Set(known.map((k) => k.id));
      throw new UnknownMember(userIds.find((u) => !ids.has(u))!);
    }
    await tx.scimGroupMember.deleteMany({ where: { tenantId, groupId, userId: { notIn: userIds } } });
    await tx.scimGroupMember.createMany({ data: userIds.map((userId) => ({ tenantId, groupId, userId })), skipDuplicates: true });
  }
}
