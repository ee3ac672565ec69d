import { randomBytes } from 'node:crypto';
import { isUniqueViolation } from '@dataplat/db';
import { DomainError } from '@dataplat/kit';
import { IdentityError } from '../errors';
import { hashPassword } from '../auth/password';
import type { UserAccessRevoker } from '../users/user-access';
import { MAX_RESULTS } from './discovery';
import { parseFilter } from './filter';
import { toWhere, type FilterSchema, type Where } from './filter-query';
import { GROUP_FILTER, GROUP_PATCH, readScimGroup, toScimGroup, type ScimGroupInput, type ScimGroupRow } from './group-resource';
import { applyPatch, type Doc } from './patch';
import type { ScimGroupRepository } from './scim-group.repository';
import { UnknownMember } from './scim-group.repository';
import { LAST_PLATFORM_ADMIN } from '../users/user-admin.repository';
import type { ScimUserRepository, ScimUserWrite } from './scim-user.repository';
import { LIST_SCHEMA, readScimUser, toScimUser, USER_FILTER, USER_PATCH, type ScimUserInput } from './user-resource';

export interface ListParams {
  filter?: string;
  startIndex?: number;
  count?: number;
  excludedAttributes?: string;
}

const DEFAULT_COUNT = 100;
const notFound = (what: string, id: string) => new DomainError(IdentityError.SCIM_RESOURCE_NOT_FOUND, `${what} ${id} not found`);

/** startIndex is 1-based (below 1 means 1); count is capped at MAX_RESULTS (RFC 7644 section 3.4.2.4). */
export function page(params: ListParams): { skip: number; take: number; startIndex: number } {
  const startIndex = Math.max(1, params.startIndex ?? 1);
  const take = Math.min(MAX_RESULTS, Math.max(0, params.count ?? DEFAULT_COUNT));
  return { skip: startIndex - 1, take, startIndex };
}

export function whereOf(filter: string | undefined, schema: FilterSchema): Where | undefined {
  return filter === undefined || filter.trim() === '' ? undefined : toWhere(parseFilter(filter), schema);
}

const listResponse = (total: number, startIndex: number, resources: Doc[]) => ({
  schemas: [LIST_SCHEMA], totalResults: total, itemsPerPage: resources.length, startIndex, Resources: resources,
});

/**
 * SCIM 2.0 Users and Groups of the token's tenant (RFC 7643/7644). Writes go through one
 * reader per resource type (POST, PUT and the result of a PATCH alike); unique attributes
 * taken are 409 uniqueness; a deleted user is gone from SCIM (404, left out of lists), its row
 * kept for audit, and all its access revoked.
 */
export class ScimService {
  constructor(
    private readonly users: ScimUserRepository,
    private readonly groups: ScimGroupRepository,
    private readonly revoker: UserAccessRevoker,
    private readonly baseUrl: string,
  ) {}

  async listUsers(tenantId: string, params: ListParams) {
    const where = whereOf(params.filter, USER_FILTER);
    const { skip, take, startIndex } = page(params);
    const { total, rows } = await this.users.list(tenantId, where, skip, take);
    return listResponse(total, startIndex, rows.map((r) => toScimUser(r, this.baseUrl)));
  }

  async getUser(tenantId: string, id: string): Promise<Doc> {
    const row = await this.users.get(tenantId, id);
    if (!row) throw notFound('User', id);
    return toScimUser(row, this.baseUrl);
  }

  async createUser(tenantId: string, body: unknown): Promise<Doc> {
    const input = readScimUser(body);
    // Without a password the account has an unusable random one: the user signs in through
    // the identity provider or sets one with forgot-password.
    const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
    const row = await unique(() => this.users.create(tenantId, { ...this.write(input), passwordHash }));
    return toScimUser(row, this.baseUrl);
  }

  async replaceUser(tenantId: string, id: string, body: unknown): Promise<Doc> {
    return this.storeUser(tenantId, id, readScimUser(body));
  }

  async patchUser(tenantId: string, id: string, message: unknown): Promise<Doc> {
    const current = await this.getUser(tenantId, id);
    return this.storeUser(tenantId, id, readScimUser(applyPatch(current, message, USER_PATCH)));
  }

  /**
   * DELETE (RFC 7644 section 3.6): from now on the user is 404 and left out of lists; the row is
   * kept, disabled and marked deleted (scim-user.repository.ts). API keys are revoked with it,
   * then every session and live access token. A second DELETE is 404.
   */
  async deleteUser(tenantId: string, id: string): Promise<boolean> {
    if (!orLastAdmin(await this.users.delete(tenantId, id))) throw notFound('User', id);
    await this.revoker.everything(tenantId, id.toLowerCase(), 'user_deleted');
    return true;
  }

  async listGroups(tenantId: string, params: ListParams) {
    const where = whereOf(params.filter, GROUP_FILTER);
    const { skip, take, startIndex } = page(params);
    const withMembers = !excludes(params.excludedAttributes, 'members');
    const { total, rows } = await this.groups.list(tenantId, where, skip, take, withMembers);
    return listResponse(total, startIndex, rows.map((r) => {
      const doc = toScimGroup(r, this.baseUrl);
      if (!withMembers) delete doc.members;
      return doc;
    }));
  }

  async getGroup(tenantId: string, id: string, excludedAttributes?: string): Promise<Doc> {
    const row = await this.groups.get(tenantId, id);
    if (!row) throw notFound('Group', id);
    const doc = toScimGroup(row, this.baseUrl);
    if (excludes(excludedAttributes, 'members')) delete doc.members;
    return doc;
  }

  async createGroup(tenantId: string, body: unknown): Promise<Doc> {
    const input = readScimGroup(body);
    return toScimGroup(await unique(() => members(() => this.groups.create(tenantId, input))), this.baseUrl);
  }

  async replaceGroup(tenantId: string, id: string, body: unknown): Promise<Doc> {
    return this.storeGroup(tenantId, id, readScimGroup(body));
  }

  /** The operations apply to the group as it is inside the write's transaction (row locked). */
  async patchGroup(tenantId: string, id: string, message: unknown): Promise<Doc> {
    const change = (current: ScimGroupRow) => readScimGroup(applyPatch(toScimGroup(current, this.baseUrl), message, GROUP_PATCH));
    const row = await unique(() => members(() => this.groups.update(tenantId, id, change)));
    if (!row) throw notFound('Group', id);
    return toScimGroup(row, this.baseUrl);
  }

  async deleteGroup(tenantId: string, id: string): Promise<boolean> {
    if (!(await this.groups.delete(tenantId, id))) throw notFound('Group', id);
    return true;
  }

  private write(input: ScimUserInput): ScimUserWrite {
    const { password: _password, ...rest } = input;
    return rest;
  }

  private async storeUser(tenantId: string, id: string, input: ScimUserInput): Promise<Doc> {
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
    const row = orLastAdmin(await unique(() => this.users.replace(tenantId, id, { ...this.write(input), ...(passwordHash ? { passwordHash } : {}) })));
    if (!row) throw notFound('User', id);
    // Deactivation through PUT or PATCH (active=false) revokes access exactly like DELETE
    // (the API keys went in the same transaction as the change).
    if (!input.active) await this.revoker.everything(tenantId, row.id, 'user_disabled');
    return toScimUser(row, this.baseUrl);
  }

  private async storeGroup(tenantId: string, id: string, input: ScimGroupInput): Promise<Doc> {
    const row = await unique(() => members(() => this.groups.replace(tenantId, id, input)));
    if (!row) throw notFound('Group', id);
    return toScimGroup(row, this.baseUrl);
  }
}

function orLastAdmin<T>(result: T | typeof LAST_PLATFORM_ADMIN): T {
  if (result === LAST_PLATFORM_ADMIN) throw new DomainError(IdentityError.LAST_PLATFORM_ADMIN);
  return result;
}

const excludes = (list: string | undefined, attr: string) => !!list && list.split(',').some((a) => a.trim().toLowerCase() === attr);

async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new DomainError(IdentityError.SCIM_UNIQUENESS, 'A resource with this userName, externalId or displayName already exists');
    throw e;
  }
}

async function members<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof UnknownMember) throw new DomainError(IdentityError.SCIM_INVALID_VALUE, `members: ${e.userId} is not a user of this tenant`);
    throw e;
  }
}
