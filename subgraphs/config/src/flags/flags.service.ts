import { DomainError, ErrorCode, paginate, pageWindow, PLATFORM_TENANT_ID, type ClientInfo, type Page, type Principal } from '@dataplat/kit';
import { ConfigError } from '../errors';
import { actingTenant, layersOf, requireWriter } from '../scope';
import { checkRules, checkVariants, FLAG_KEY, type FlagRule, type Variant } from './definition';
import { evaluate, type EvaluationContext } from './evaluate';
import type { CreateFeatureFlagInput, FlagContextInput, UpdateFeatureFlagInput } from './flags.inputs';
import type { FlagRepository, FlagRow } from './flags.repository';
import type { FeatureFlag, FlagEvaluation } from './flags.type';

const notFound = (key: string) => new DomainError(ConfigError.FEATURE_FLAG_NOT_FOUND, undefined, { key });

/**
 * Feature flags by key. A tenant sees its own flags and the platform-wide ones (those of
 * the platform tenant) it does not shadow with a flag of the same key; it changes only its own.
 */
export class FlagService {
  constructor(private readonly repo: FlagRepository) {}

  async list(caller: Principal, args: { page: number; size: number; enabled?: boolean }): Promise<Page<FeatureFlag>> {
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list(actingTenant(caller), PLATFORM_TENANT_ID, args.enabled ?? undefined, skip, take);
    return { data: rows.map(toFlag), pagination: paginate(args.page, args.size, total) };
  }

  async get(caller: Principal, key: string): Promise<FeatureFlag> {
    const row = FLAG_KEY.test(key) ? await this.repo.findVisible(layersOf(caller), key) : null;
    if (!row) throw notFound(key);
    return toFlag(row);
  }

  async create(caller: Principal, input: CreateFeatureFlagInput): Promise<FeatureFlag> {
    const tenantId = requireWriter(caller);
    const rules = checkRules(input.rules ?? []);
    const variants = checkVariants(input.variants ?? []);
    const row = await this.repo.create({
      tenantId,
      key: input.key,
      name: input.name ?? input.key,
      description: input.description ?? null,
      enabled: input.enabled ?? false,
      rules: rules as object[],
      variants: variants as object[],
      createdBy: caller.subject,
      updatedBy: caller.subject,
    });
    return toFlag(row);
  }

  async update(caller: Principal, key: string, input: UpdateFeatureFlagInput): Promise<FeatureFlag> {
    const tenantId = requireWriter(caller);
    if (!FLAG_KEY.test(key)) throw notFound(key);
    const rules = input.rules ? checkRules(input.rules) : undefined;
    const variants = input.variants ? checkVariants(input.variants) : undefined;
    const row = await this.repo.update(tenantId, key, {
      ...(input.name !== undefined && input.name !== null ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled !== undefined && input.enabled !== null ? { enabled: input.enabled } : {}),
      ...(rules ? { rules: rules as object[] } : {}),
      ...(variants ? { variants: variants as object[] } : {}),
      updatedBy: caller.subject,
    });
    if (!row) throw notFound(key);
    return toFlag(row);
  }

  async delete(caller: Principal, key: string): Promise<boolean> {
    const tenantId = requireWriter(caller);
    if (!FLAG_KEY.test(key) || !(await this.repo.delete(tenantId, key))) throw notFound(key);
    return true;
  }

  /** Evaluates one flag for the caller; an unknown key is 404. */
  async evaluate(caller: Principal, client: ClientInfo, key: string, input?: FlagContextInput | null): Promise<FlagEvaluation> {
    const row = FLAG_KEY.test(key) ? await this.repo.findVisible(layersOf(caller), key) : null;
    if (!row) throw notFound(key);
    return evaluate(evaluable(row), contextOf(caller, client, input));
  }

  /** Several flags at once; keys that match no flag are left out. */
  async evaluateMany(caller: Principal, client: ClientInfo, keys: string[], input?: FlagContextInput | null): Promise<FlagEvaluation[]> {
    const found = await this.repo.findManyVisible(layersOf(caller), keys.filter((k) => FLAG_KEY.test(k)));
    const ctx = contextOf(caller, client, input);
    return keys.flatMap((k) => (found.has(k) ? [evaluate(evaluable(found.get(k)!), ctx)] : []));
  }
}

/** The caller's identity always comes from the credentials; the rest from the input. */
export function contextOf(caller: Principal, client: ClientInfo, input?: FlagContextInput | null): EvaluationContext {
  const properties: Record<string, string> = {};
  for (const [k, v] of Object.entries(input?.properties ?? {})) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') properties[k] = String(v);
    else throw new DomainError(ErrorCode.VALIDATION_FAILED, 'context.properties values are strings, numbers or booleans', { field: 'context.properties', key: k });
  }
  return {
    userId: caller.kind === 'service_token' ? null : caller.subject,
    tenantId: caller.tenantId,
    roles: caller.roles,
    sessionId: input?.sessionId ?? (caller.sessionId !== undefined ? String(caller.sessionId) : null),
    remoteAddress: input?.remoteAddress ?? client.ip,
    appName: input?.appName ?? null,
    environment: input?.environment ?? null,
    currentTime: input?.currentTime ?? null,
    properties,
  };
}

const evaluable = (r: FlagRow) => ({ key: r.key, enabled: r.enabled, rules: r.rules as unknown as FlagRule[], variants: r.variants as unknown as Variant[] });

function toFlag(r: FlagRow): FeatureFlag {
  return {
    key: r.key,
    name: r.name,
    description: r.description,
    enabled: r.enabled,
    platformWide: r.tenantId === PLATFORM_TENANT_ID,
    tenantId: r.tenantId,
    rules: r.rules as unknown as FeatureFlag['rules'],
    variants: r.variants as unknown as FeatureFlag['variants'],
    createdBy: r.createdBy,
    updatedBy: r.updatedBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
