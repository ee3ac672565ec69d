import { DomainError, ErrorCode, isScopeLimited, pageWindow, paginate, SortOrder, type Page, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import { CidrError, parseCidr } from './cidr';
import { DEFAULT_EXPIRATION_DAYS, type ApiKeyListArgs, type CreateApiKeyInput } from './api-key.inputs';
import { SORTABLE_API_KEY_FIELDS, type ApiKeyRepository, type ApiKeyRow, type ApiKeySortField } from './api-key.repository';
import { generateApiKey } from './api-key.secret';
import { ApiKeyMode, ApiKeyStatus, type ApiKey, type CreatedApiKey } from './api-key.type';
import { API_KEYS_READ as READ, API_KEYS_WRITE as WRITE } from '../permissions';

export { READ, WRITE };
/** `<resource>:<action>`, lower case, as the permission catalogue names them. */
export const SCOPE_PATTERN = /^[a-z][a-z0-9_-]{0,62}:[a-z][a-z0-9_-]{0,62}$/;
const DAY_MS = 86_400_000;

/** The user whose keys a request manages: always the caller, in the caller's own tenant. */
export interface KeyOwner {
  tenantId: string;
  userId: string;
}

/** Service tokens have no user behind them and own no keys. */
export function ownerOf(actor: Principal): KeyOwner {
  if (actor.kind === 'service_token' || !actor.homeTenantId) throw new DomainError(ErrorCode.FORBIDDEN, 'API keys belong to users; a service token has none');
  return { tenantId: actor.homeTenantId, userId: actor.subject };
}

/** Scopes, checked one by one (400 naming the first bad one), without duplicates, sorted. */
export function normaliseScopes(scopes: string[]): string[] {
  for (const scope of scopes) {
    if (!SCOPE_PATTERN.test(scope)) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `Scope "${scope}" must have the form <resource>:<action> (lower case)`, { field: 'scopes', entry: scope });
    }
  }
  return [...new Set(scopes)].sort();
}

/** CIDR entries in canonical form; 400 naming the first entry that does not parse. */
export function normaliseAllowList(entries: string[]): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    try {
      out.push(parseCidr(entry).canonical);
    } catch (e) {
      if (!(e instanceof CidrError)) throw e;
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `ipWhitelist entry ${e.message}`, { field: 'ipWhitelist', entry, reason: e.reason });
    }
  }
  return [...new Set(out)];
}

/** What a dashboard shows: the stored state, corrected for expiry and an ended grace period. */
export function toApiKey(row: ApiKeyRow, graceEndsAt: Date | null = null, now = new Date()): ApiKey {
  let status = row.status as ApiKeyStatus;
  if (status === ApiKeyStatus.ROTATING && (!graceEndsAt || graceEndsAt <= now)) status = ApiKeyStatus.REVOKED;
  else if (status !== ApiKeyStatus.REVOKED && row.expiresAt && row.expiresAt <= now) status = ApiKeyStatus.EXPIRED;
  return {
    keyId: row.id,
    name: row.name,
    description: row.description,
    prefix: row.prefix,
    mode: row.mode as ApiKeyMode,
    scopes: row.scopes,
    ipWhitelist: row.ipWhitelist,
    rateLimit: row.rateLimit,
    status,
    expiresAt: row.expiresAt,
    graceEndsAt: row.status === ApiKeyStatus.ROTATING ? graceEndsAt : null,
    lastUsedAt: row.lastUsedAt,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt ?? (status === ApiKeyStatus.REVOKED ? graceEndsAt : null),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Creating, reading and revoking the caller's own API keys (spec 1 "API keys"). A key
 * holds only scopes its owner's roles grant; a key used to create another key cannot
 * hand out more than it holds itself.
 */
export class ApiKeyService {
  constructor(private readonly repo: ApiKeyRepository) {}

  async create(actor: Principal, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    const owner = ownerOf(actor);
    const granted = await this.requirePermission(owner, WRITE);
    const scopes = normaliseScopes(input.scopes);
    const ipWhitelist = normaliseAllowList(input.ipWhitelist ?? []);
    assertGrantable(actor, granted, scopes);
    const mode = input.mode ?? ApiKeyMode.LIVE;
    const generated = generateApiKey(mode);
    const row = await this.repo.create({
      ...owner,
      name: input.name.trim(),
      description: input.description?.trim() ?? '',
      mode,
      prefix: generated.prefix,
      keyHash: generated.hash,
      scopes,
      ipWhitelist,
      rateLimit: input.rateLimit ?? null,
      expiresAt: new Date(Date.now() + (input.expirationDays ?? DEFAULT_EXPIRATION_DAYS) * DAY_MS),
    });
    return { ...toApiKey(row), apiKey: generated.key };
  }

  async list(actor: Principal, args: ApiKeyListArgs): Promise<Page<ApiKey>> {
    const owner = ownerOf(actor);
    await this.requirePermission(owner, READ);
    const sort = (args.sort ?? 'createdAt') as ApiKeySortField;
    if (!SORTABLE_API_KEY_FIELDS.includes(sort)) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `Cannot sort by "${args.sort}"`, { field: 'sort', allowed: [...SORTABLE_API_KEY_FIELDS] });
    }
    const { rows, total } = await this.repo.listOwn({ ...owner, ...pageWindow(args), sort, order: args.order === SortOrder.DESC ? 'desc' : 'asc' });
    const grace = await this.repo.graceEnds(owner.tenantId, rows.filter((r) => r.status === ApiKeyStatus.ROTATING).map((r) => r.id));
    return { data: rows.map((r) => toApiKey(r, grace.get(r.id) ?? null)), pagination: paginate(args.page, args.size, total) };
  }

  async get(actor: Principal, keyId: number): Promise<ApiKey> {
    const owner = ownerOf(actor);
    await this.requirePermission(owner, READ);
    const row = await this.findOwn(owner, keyId);
    const grace = row.status === ApiKeyStatus.ROTATING ? await this.repo.graceEnds(owner.tenantId, [row.id]) : undefined;
    return toApiKey(row, grace?.get(row.id) ?? null);
  }

  /** Revokes at once (every edge drops it from its cache on commit). Revoking twice is fine. */
  async revoke(actor: Principal, keyId: number): Promise<boolean> {
    const owner = ownerOf(actor);
    await this.requirePermission(owner, WRITE);
    if (!(await this.repo.revoke(owner.tenantId, owner.userId, keyId))) throw new DomainError(IdentityError.API_KEY_NOT_FOUND);
    return true;
  }

  /** The owner's key, or 404 (also for another user's or another tenant's key id). */
  async findOwn(owner: KeyOwner, keyId: number): Promise<ApiKeyRow> {
    const row = await this.repo.findOwn(owner.tenantId, owner.userId, keyId);
    if (!row) throw new DomainError(IdentityError.API_KEY_NOT_FOUND);
    return row;
  }

  /** The owner's permissions, provided they include `needed` (else 403). */
  async requirePermission(owner: KeyOwner, needed: string): Promise<Set<string>> {
    const granted = await this.repo.permissionsOf(owner.tenantId, owner.userId);
    if (!granted.has(needed)) throw new DomainError(ErrorCode.FORBIDDEN, `Managing API keys needs the permission ${needed}`);
    return granted;
  }
}

/** Every scope must be granted to the owner, and held by the calling key when a key calls. */
export function assertGrantable(actor: Principal, granted: Set<string>, scopes: string[]): void {
  const callerLimit = isScopeLimited(actor) && !actor.scopes.includes('*') ? new Set(actor.scopes) : undefined;
  const refused = scopes.filter((s) => !granted.has(s) || (callerLimit && !callerLimit.has(s)));
  if (refused.length) {
    throw new DomainError(IdentityError.API_KEY_SCOPE_NOT_GRANTED, `Scopes not granted to you: ${refused.join(', ')}`, { scopes: refused });
  }
}
